'use client';
// The anchor page's fan count and follow button. The page is the same for every visitor; a signed-in viewer's
// follow state is asked for in the browser (getAnchorInfo with the session).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { formatHeat } from '@/lib/format/heat';
import { api } from '@/lib/http';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import type { AnchorInfo } from '@/lib/validation/live';
import { useUserStore } from '@/stores/user-store';
import { FollowButton } from './follow-button';
import styles from './live.module.css';

export function AnchorFollow({ anchorId, fans }: { anchorId: number; fans: number }) {
  const t = useTranslations('player.anchor');
  const locale = useLocale();
  const viewerId = useUserStore((state) => state.userInfo?.id ?? null);
  const queryClient = useQueryClient();
  const queryKey = ['live', 'anchor', anchorId, viewerId] as const;
  const { data } = useQuery({
    queryKey,
    queryFn: async () => {
      const info = await api.post<AnchorInfo>('/api/anchor/getAnchorInfo', { anchor_id: anchorId });
      return { followed: info.is_followed === 1, fans: info.fans };
    },
    enabled: viewerId !== null,
    staleTime: 0,
  });
  const state = data ?? { followed: false, fans };
  return (
    <div className={styles.anchorFollow}>
      <span className={styles.stat}>
        <strong>{formatHeat(state.fans, isLocale(locale) ? locale : fallbackLocale)}</strong>
        {t('fans', { count: state.fans })}
      </span>
      <FollowButton anchorId={anchorId} followed={state.followed} onChange={(next) => queryClient.setQueryData(queryKey, next)} />
    </div>
  );
}
