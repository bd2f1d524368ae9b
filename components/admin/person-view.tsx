// One account: who it is, its ban (with the form to ban or lift), its sessions, its roles; each action shown only
// to a console role with its right (the routes check again).
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminAuditPath, adminRoutes } from '@/lib/routes';
import { consoleSubRoles, userRoles } from '@/lib/validation/users';
import type { ConsoleViewer, PersonDetail } from '@/lib/validation/admin';
import { ActionForm } from './action-form';
import { consoleTime } from './format';
import styles from './console.module.css';

const banLengths = [{ hours: 24 }, { hours: 72 }, { hours: 24 * 7 }, { hours: 24 * 30 }, { hours: 0 }];

export function PersonView({ viewer, person }: { viewer: ConsoleViewer; person: PersonDetail }) {
  const t = useTranslations('admin');
  const locale = useLocale();
  const can = (right: ConsoleViewer['rights'][number]) => viewer.rights.includes(right);
  const self = person.id === viewer.id;
  return (
    <div className={styles.stack}>
      <p>
        <Link href={adminRoutes.people}>← {t('people.back')}</Link>
      </p>
      <div className={styles.panels}>
        <Card as="section" radius="lg" className={styles.panel} aria-labelledby="person-facts">
          <h2 id="person-facts" className={styles.panelTitle}>
            {person.nickName} {person.ban ? <Badge tone="live">{t('people.banned')}</Badge> : <Badge tone="success">{t('people.active')}</Badge>}
          </h2>
          <dl className={styles.facts}>
            <dt>{t('people.id')}</dt>
            <dd className={styles.num}>{person.id}</dd>
            <dt>{t('people.phone')}</dt>
            <dd className={styles.num}>{person.mobile}</dd>
            <dt>{t('people.role')}</dt>
            <dd>{t(`roles.${person.role}`)}</dd>
            <dt>{t('people.console')}</dt>
            <dd>{person.role === 'operator' ? t('roles.operator') : t(`roles.${person.consoleRole ?? 'none'}`)}</dd>
            <dt>{t('people.brand')}</dt>
            <dd>{person.brandId}</dd>
            <dt>{t('people.level')}</dt>
            <dd>
              {person.level} · {t('people.vip')} {person.vipLevel}
            </dd>
            <dt>{t('people.regSource')}</dt>
            <dd>{person.regSource}</dd>
            <dt>{t('people.joined')}</dt>
            <dd>{consoleTime(person.createdAt, locale)}</dd>
            <dt>{t('people.sessions')}</dt>
            <dd className={styles.num}>{person.liveSessions}</dd>
          </dl>
          {can('audit.view') && <Link href={adminAuditPath({ target: String(person.id) })}>{t('audit.heading')} →</Link>}
        </Card>

        <Card as="section" radius="lg" className={styles.panel} aria-labelledby="person-ban">
          <h2 id="person-ban" className={styles.panelTitle}>
            {t('people.banHeading')}
          </h2>
          {person.ban && (
            <p className={styles.message}>
              {person.ban.until
                ? t('people.bannedPeriod', { since: consoleTime(person.ban.since, locale), until: consoleTime(person.ban.until, locale) })
                : t('people.bannedForever', { since: consoleTime(person.ban.since, locale) })}
              <br />
              <span className={styles.muted}>{t('people.reasonLabel')}:</span> {person.ban.reason}
            </p>
          )}
          {/* One element in one place for both states, so the outcome line survives the page's refresh after the action. */}
          {!self && can('people.ban') && (
            <ActionForm
              endpoint={person.ban ? '/api/admin/unbanUser' : '/api/admin/banUser'}
              values={{ user_id: person.id }}
              submitLabel={person.ban ? t('people.unban') : t('people.banSubmit')}
              doneMessage={person.ban ? t('people.done.unban') : t('people.done.ban')}
              confirmMessage={person.ban ? undefined : t('confirm.ban')}
              variant={person.ban ? 'secondary' : 'danger'}
            >
              {!person.ban && (
                <>
                  <label className={styles.field}>
                    <span className={styles.label}>{t('people.banReason')}</span>
                    <input className={styles.input} name="reason" maxLength={200} required />
                  </label>
                  <label className={styles.field}>
                    <span className={styles.label}>{t('people.banHours')}</span>
                    <select className={styles.input} name="hours" defaultValue="72">
                      {banLengths.map(({ hours }) => (
                        <option key={hours} value={hours}>
                          {hours === 0 ? t('people.banForever') : hours < 48 ? t('people.banHoursOption', { hours }) : t('people.banDaysOption', { days: hours / 24 })}
                        </option>
                      ))}
                    </select>
                  </label>
                </>
              )}
            </ActionForm>
          )}
          {!person.ban && !can('people.ban') && <p className={styles.muted}>{t('people.noRight')}</p>}
        </Card>

        {!self && can('people.sessions') && (
          <Card as="section" radius="lg" className={styles.panel} aria-labelledby="person-sessions">
            <h2 id="person-sessions" className={styles.panelTitle}>
              {t('people.sessionsHeading')}
            </h2>
            <p className={styles.muted}>{t('people.revokeHint')}</p>
            <ActionForm
              endpoint="/api/admin/revokeSessions"
              values={{ user_id: person.id }}
              submitLabel={t('people.revoke')}
              doneMessage={t('people.done.sessions')}
              confirmMessage={t('confirm.revoke')}
              variant="outline"
            />
          </Card>
        )}

        {!self && can('people.role') && (
          <Card as="section" radius="lg" className={styles.panel} aria-labelledby="person-roles">
            <h2 id="person-roles" className={styles.panelTitle}>
              {t('people.roleHeading')}
            </h2>
            <ActionForm endpoint="/api/admin/changeRole" values={{ user_id: person.id }} submitLabel={t('people.roleSubmit')} doneMessage={t('people.done.role')}>
              <label className={styles.field}>
                <span className={styles.label}>{t('people.role')}</span>
                <select className={styles.input} name="role" defaultValue={person.role}>
                  {userRoles.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className={styles.field}>
                <span className={styles.label}>{t('people.console')}</span>
                <select className={styles.input} name="console_role" defaultValue={person.consoleRole ?? ''} aria-describedby="console-role-hint">
                  <option value="">{t('roles.none')}</option>
                  {consoleSubRoles.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </select>
                <span id="console-role-hint" className={styles.muted}>
                  {t('people.consoleHint')}
                </span>
              </label>
            </ActionForm>
          </Card>
        )}
      </div>
    </div>
  );
}
