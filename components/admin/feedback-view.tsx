// The feedback inbox: the brand's feedback by status, newest first; each with its topic, text, sender (or "signed
// out" and the contact they gave), and a reply form, or "mark as handled" for what was answered another way.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminFeedbackPath, adminPersonPath } from '@/lib/routes';
import type { FeedbackConsoleQuery, FeedbackPage } from '@/lib/validation/admin';
import { feedbackStatuses } from '@/lib/validation/feedback';
import { ActionForm } from './action-form';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

export function FeedbackView({ query, inbox }: { query: FeedbackConsoleQuery; inbox: FeedbackPage }) {
  const t = useTranslations('admin.feedback');
  const topic = useTranslations('articles.feedback.categories');
  const locale = useLocale();
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('lead')}</p>
      <nav aria-label={t('statusFilter')} className={styles.rowActions}>
        {feedbackStatuses.map((status) => (
          <Link key={status} href={adminFeedbackPath({ status })} aria-current={query.status === status ? 'page' : undefined} className={styles.scopeLink}>
            {t(`statuses.${status}`)}
            {status === 'new' && inbox.newCount > 0 ? ` (${inbox.newCount})` : ''}
          </Link>
        ))}
      </nav>
      {inbox.rows.length === 0 ? <p className={styles.notice}>{t('empty')}</p> : null}
      {inbox.rows.map((item) => (
        <Card key={item.id} radius="lg" className={styles.panel} role="article" aria-label={`${topic(item.category)} · ${consoleTime(item.createdAt, locale)}`} data-feedback={item.id}>
          <div className={styles.rowActions}>
            <Badge tone={item.status === 'new' ? 'brand' : 'muted'}>{t(`statuses.${item.status}`)}</Badge>
            <strong>{topic(item.category)}</strong>
            <span className={styles.muted}>{consoleTime(item.createdAt, locale)}</span>
          </div>
          <p className={styles.quote}>{item.content}</p>
          <dl className={styles.facts}>
            <dt>{t('from')}</dt>
            <dd>{item.sender ? <Link href={adminPersonPath(item.sender.id)}>{item.sender.nickName}</Link> : t('signedOut')}</dd>
            {item.contact ? (
              <>
                <dt>{t('contact')}</dt>
                <dd className={styles.mono}>{item.contact}</dd>
              </>
            ) : null}
            <dt>{t('language')}</dt>
            <dd>{item.locale}</dd>
          </dl>
          {item.reply && item.repliedAt ? (
            <p>
              <span className={styles.muted}>{t('replied', { time: consoleTime(item.repliedAt, locale) })}: </span>
              {item.reply}
            </p>
          ) : null}
          <div className={styles.rowActions}>
            {item.sender ? (
              <ActionForm endpoint="/api/admin/replyFeedback" values={{ feedback_id: item.id }} submitLabel={t('send')} doneMessage={t('sent')} className={`${styles.stack} ${styles.grow}`}>
                <label className={styles.field}>
                  <span className={styles.label}>{t('replyLabel')}</span>
                  <textarea className={`${styles.textarea} ${styles.shortText}`} name="reply" rows={3} maxLength={1000} />
                </label>
              </ActionForm>
            ) : null}
            {item.status === 'new' ? (
              <ActionForm endpoint="/api/admin/markFeedbackHandled" values={{ feedback_id: item.id }} submitLabel={t('handled')} doneMessage={t('handledDone')} variant="outline" size="xs" />
            ) : null}
          </div>
        </Card>
      ))}
      <ConsolePager page={inbox.page} pages={inbox.pages} href={(page) => adminFeedbackPath({ status: query.status, page })} />
    </div>
  );
}
