'use client';
// /user-center/focus (spec §2.2): the anchors the viewer follows, live ones first, each with the way into their
// room and an unfollow button.
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/empty-state';
import { HeartIcon } from '@/components/shell/icons';
import { LevelBadge } from '@/components/user/level-badge';
import { Avatar } from '@/components/ui/avatar';
import { FollowButton } from './follow-button';
import { followListQuery, liveQueryKeys } from './live-api';
import { QueryRows, SignedOutNotice, useViewerId } from './personal-list';
import styles from './live.module.css';
import { useDateFormat } from '@/components/shell/local-time';
import { anchorInfoPath, liveRoomPath, siteRoutes } from '@/lib/routes';

export function FollowedAnchors() {
  const t = useTranslations('player.personal');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div className={styles.placeholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={HeartIcon} title={t('focusSignedOut')} text={t('focusSignedOutHint')} />;
  return <FollowedRows viewerId={viewerId} />;
}

function FollowedRows({ viewerId }: { viewerId: number }) {
  const t = useTranslations('player.personal');
  const { dateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const query = useQuery(followListQuery(viewerId));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: liveQueryKeys.follows(viewerId) });
  return (
    <QueryRows query={query}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState icon={HeartIcon} title={t('focusEmpty')} description={t('focusEmptyHint')} action={{ href: siteRoutes.liveMatches, label: t('browseLive') }} />
        ) : (
          <ul className={styles.rows}>
            {list.map((anchor) => (
              <li key={anchor.anchor_id} className={styles.row} data-live={anchor.is_live === 1 || undefined}>
                <Link href={anchorInfoPath(anchor.anchor_id)} className={styles.rowAvatar} prefetch={false} aria-label={t('profileOf', { name: anchor.nick_name })}>
                  <Avatar src={anchor.avatar} name={anchor.nick_name} size={48} />
                  {anchor.is_live ? <span className={styles.rowLiveRing} aria-hidden="true" /> : null}
                </Link>
                <div className={styles.rowText}>
                  <p className={styles.rowName}>
                    {anchor.nick_name}
                    <LevelBadge level={anchor.level} />
                    {anchor.is_live ? <span className={styles.rowLiveTag}>{t('live')}</span> : null}
                  </p>
                  <p className={styles.rowDetail}>
                    {anchor.is_live && anchor.title
                      ? anchor.title
                      : t('followedSince', { date: dateTime({ unixSeconds: anchor.followed_at }) })}
                  </p>
                </div>
                <div className={styles.rowActions}>
                  <Link href={liveRoomPath(anchor.anchor_id)} className={anchor.is_live ? styles.primaryLink : styles.secondaryLink} prefetch={false}>
                    {anchor.is_live ? t('watch') : t('visitRoom')}
                  </Link>
                  <FollowButton anchorId={anchor.anchor_id} followed size="small" onChange={refresh} />
                </div>
              </li>
            ))}
          </ul>
        )
      }
    </QueryRows>
  );
}
