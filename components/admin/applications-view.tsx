// Anchor applications: the waiting queue (oldest first) and the decided record, each application with the ID photo
// beside what the applicant wrote; a waiting one is approved, or refused with a reason the applicant reads.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminApplicationsPath, adminIdPhotoPath, adminPersonPath } from '@/lib/routes';
import { anchorApplicationStatuses } from '@/lib/validation/live';
import type { ApplicationCard, ApplicationsPage } from '@/lib/validation/admin';
import { ActionForm } from './action-form';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

const statusTone = { verifying: 'brand', verified: 'success', failed: 'live' } as const;

export function ApplicationsView({ applications }: { applications: ApplicationsPage }) {
  const t = useTranslations('admin.applications');
  const { status, rows, page, pages } = applications;
  const decided = rows.find((row) => row.userId === applications.decided && row.status !== 'verifying');
  return (
    <div className={styles.stack}>
      {decided && (
        <p className={styles.success} role="status">
          {t(decided.status === 'verified' ? 'approvedNotice' : 'rejectedNotice', { name: decided.realName })}{' '}
          <Link href={adminApplicationsPath({})}>{t('backToWaiting', { count: applications.waiting })}</Link>
        </p>
      )}
      <nav aria-label={t('statusNav')} className={styles.rowActions}>
        {anchorApplicationStatuses.map((each) => (
          <Link key={each} href={adminApplicationsPath({ status: each })} aria-current={each === status ? 'page' : undefined} className={styles.scopeLink}>
            {each === 'verifying' ? t('waitingCount', { count: applications.waiting }) : t(`status.${each}`)}
          </Link>
        ))}
      </nav>
      <p className={styles.muted} role="status">
        {rows.length === 0 ? t(`empty.${status}`) : t('results', { total: applications.total })}
      </p>
      {rows.map((application) => (
        <Application key={application.userId} application={application} />
      ))}
      <ConsolePager page={page} pages={pages} href={(next) => adminApplicationsPath({ status, page: next })} />
    </div>
  );
}

function Application({ application }: { application: ApplicationCard }) {
  const t = useTranslations('admin.applications');
  const locale = useLocale();
  const headingId = `application-${application.userId}`;
  const photoLabel = t('photoOf', { name: application.realName });
  return (
    <Card as="article" radius="lg" className={styles.application} aria-labelledby={headingId}>
      <a className={styles.idPhoto} href={adminIdPhotoPath(application.userId)} target="_blank" rel="noreferrer" aria-label={`${photoLabel} (${t('opensFull')})`}>
        <img src={adminIdPhotoPath(application.userId)} alt={photoLabel} loading="lazy" decoding="async" />
      </a>
      <div className={styles.panel}>
        <h2 id={headingId} className={styles.panelTitle}>
          {application.realName} <Badge tone={statusTone[application.status]}>{t(`status.${application.status}`)}</Badge>
        </h2>
        <dl className={styles.facts}>
          <dt>{t('account')}</dt>
          <dd>
            <Link href={adminPersonPath(application.userId)}>
              {application.nickName} · {application.userId}
            </Link>{' '}
            <span className={styles.muted}>{application.brandId}</span>
          </dd>
          <dt>{t('idNumber')}</dt>
          <dd className={styles.num}>{application.idNumber}</dd>
          <dt>{t('phone')}</dt>
          <dd className={styles.num}>{application.phone}</dd>
          <dt>{t('contact')}</dt>
          <dd>
            {t(`contactTypes.${application.contactType}`)} {application.contact}
          </dd>
          {application.introducer && (
            <>
              <dt>{t('introducer')}</dt>
              <dd>{application.introducer}</dd>
            </>
          )}
          <dt>{t('submitted')}</dt>
          <dd>{consoleTime(application.submittedAt, locale)}</dd>
          {application.reviewedAt && (
            <>
              <dt>{t('reviewed')}</dt>
              <dd>{consoleTime(application.reviewedAt, locale)}</dd>
            </>
          )}
          {application.status === 'failed' && (
            <>
              <dt>{t('reason')}</dt>
              <dd>{application.rejectReason}</dd>
            </>
          )}
        </dl>
        <p className={styles.profile}>{application.profile}</p>
        {application.status === 'verifying' && (
          <div className={styles.decision}>
            <ActionForm
              endpoint="/api/admin/approveApplication"
              values={{ user_id: application.userId }}
              submitLabel={t('approve')}
              doneMessage={t('approvedNotice', { name: application.realName })}
              doneHref={adminApplicationsPath({ status: 'verified', decided: application.userId })}
              confirmMessage={t('confirmApprove', { name: application.realName })}
            />
            <ActionForm
              endpoint="/api/admin/rejectApplication"
              values={{ user_id: application.userId }}
              submitLabel={t('reject')}
              doneMessage={t('rejectedNotice', { name: application.realName })}
              doneHref={adminApplicationsPath({ status: 'failed', decided: application.userId })}
              variant="outline"
            >
              <label className={styles.field}>
                <span className={styles.label}>{t('rejectReason')}</span>
                <input className={styles.input} name="reason" maxLength={200} required />
              </label>
            </ActionForm>
          </div>
        )}
      </div>
    </Card>
  );
}
