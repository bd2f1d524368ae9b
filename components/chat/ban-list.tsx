'use client';
// The room's banned viewers for its managers and anchor (spec §2.4 item 10 comment management), each with unban.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { banListReply } from '@/lib/validation/chat';
import { useLiveChat } from './live-chat-provider';
import styles from './chat.module.css';
import { useDateFormat } from '@/components/shell/local-time';

const banListQueryKey = (room: string) => ['chat', 'bans', room] as const;

export function BanList({ room }: { room: string }) {
  const t = useTranslations('chat');
  const { unban } = useLiveChat();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: banListQueryKey(room),
    queryFn: async () => banListReply.parse(await api.post('/api/live/banList', { groupId: room })),
    staleTime: 0,
  });
  const { dateTime } = useDateFormat();

  if (isPending) return <p className={styles.panelNote}>{t('panel.loadingEarlier')}</p>;
  if (!data || data.length === 0) return <p className={styles.panelNote}>{t('panel.noBans')}</p>;
  return (
    <ul className={styles.banList}>
      {data.map((ban) => (
        <li key={ban.user_id} className={styles.banRow}>
          <span className={styles.banWho}>
            <span className={styles.name}>{ban.nick_name}</span>
            <span className={styles.banMeta}>
              {t(`reasons.${ban.reason}`)} · {ban.until === 0 ? t('panel.forever') : t('panel.until', { time: dateTime(new Date(ban.until)) })}
            </span>
          </span>
          <button
            type="button"
            className={styles.secondary}
            aria-label={t('panel.unbanUser', { name: ban.nick_name })}
            onClick={async () => {
              if (await unban(ban)) await queryClient.invalidateQueries({ queryKey: banListQueryKey(room) });
            }}
          >
            {t('panel.unban')}
          </button>
        </li>
      ))}
    </ul>
  );
}
