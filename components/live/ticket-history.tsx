'use client';
// /user-center/voucher (spec §2.2, §2.4 item 6): the viewing tickets left, and every ticket granted or spent
// (which live it unlocked in HD).
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/empty-state';
import { TicketIcon } from '@/components/shell/icons';
import { ticketHistoryQuery } from './live-api';
import { QueryRows, SignedOutNotice, useViewerId } from './personal-list';
import { isoFromUnix } from '@/lib/format/date-time';
import styles from './live.module.css';
import { useDateFormat } from '@/components/shell/local-time';
import { liveRoomPath, siteRoutes } from '@/lib/routes';

export function TicketHistory() {
  const t = useTranslations('player.personal');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div className={styles.placeholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={TicketIcon} title={t('ticketsSignedOut')} text={t('ticketsSignedOutHint')} />;
  return <TicketRows viewerId={viewerId} />;
}

function TicketRows({ viewerId }: { viewerId: number }) {
  const t = useTranslations('player.personal');
  const { dateTime } = useDateFormat();
  const query = useQuery(ticketHistoryQuery(viewerId));
  const when = (at: number) => dateTime({ unixSeconds: at });
  return (
    <QueryRows query={query}>
      {({ remaining, list }) => (
        <>
          <section className={styles.balance} aria-labelledby="tickets-left">
            <span className={styles.balanceIcon} aria-hidden="true">
              <TicketIcon size={28} />
            </span>
            <div>
              <h2 id="tickets-left" className={styles.balanceLabel}>
                {t('ticketsLeft')}
              </h2>
              <p className={styles.balanceValue}>{remaining}</p>
            </div>
            <p className={styles.balanceHint}>{t('ticketsHint')}</p>
          </section>
          {list.length === 0 ? (
            <EmptyState icon={TicketIcon} title={t('ticketsEmpty')} description={t('ticketsEmptyHint')} action={{ href: siteRoutes.liveMatches, label: t('browseLive') }} />
          ) : (
            <ul className={styles.rows}>
              {list.map((entry) => (
                <li key={entry.id} className={styles.row}>
                  <span className={styles.ledgerChange} data-spent={entry.change < 0 || undefined}>
                    {entry.change > 0 ? `+${entry.change}` : `−${Math.abs(entry.change)}`}
                  </span>
                  <div className={styles.rowText}>
                    <p className={styles.rowName}>
                      {entry.reason === 'spend' ? (
                        <>
                          {t('spentOn')}{' '}
                          <Link href={liveRoomPath(entry.anchor_id)} className={styles.anchorLink} prefetch={false}>
                            {entry.anchor_name}
                          </Link>
                        </>
                      ) : (
                        t('granted')
                      )}
                    </p>
                    <p className={styles.rowDetail}>
                      <time dateTime={isoFromUnix(entry.created_at)}>{when(entry.created_at)}</time>
                      {entry.note ? ` · ${entry.note}` : ''}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </QueryRows>
  );
}
