import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChatPanel } from '@/components/chat/chat-panel';
import { LiveChatProvider } from '@/components/chat/live-chat-provider';
import { AnchorHeader } from '@/components/live-room/anchor-header';
import { AnnouncementCard } from '@/components/live-room/announcement-card';
import { LiveStage } from '@/components/live-room/live-stage';
import styles from '@/components/live-room/live-room.module.css';
import { EmptyState } from '@/components/shell/empty-state';
import { VideoIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import routeStyles from '@/components/shell/route-page.module.css';
import { getDb } from '@/lib/db';
import { liveRoomKey, liveStatuses } from '@/lib/realtime/protocol';
import { getAnnouncement } from '@/lib/server/chat/announcements';
import { findLiveRoomAnchor } from '@/lib/server/chat/chat-users';

type Params = Promise<LocaleParams & { id: string }>;

async function roomAnchor(id: string) {
  return /^[1-9]\d{0,14}$/.test(id) ? findLiveRoomAnchor(await getDb(), Number(id)) : undefined;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, brandName } = await resolvePageContext(params);
  const anchor = await roomAnchor((await params).id);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const title = anchor ? `${anchor.nick_name} · ${t('liveMatchesTwo.title')}` : t('liveMatchesTwo.title');
  return { title: { absolute: `${title} · ${brandName}` } };
}

/** The live room of an anchor (spec /liveMatchesTwo/{id}): heading, video, announcement, and the chat beside it. */
export default async function LiveMatchesTwoPage({ params }: { params: Params }) {
  const { brand, locale } = await resolvePageContext(params);
  const anchor = await roomAnchor((await params).id);
  if (!anchor) {
    const t = await getTranslations({ locale, namespace: 'chat.room' });
    return (
      <div className={routeStyles.page}>
        <EmptyState icon={VideoIcon} title={t('notAnchor')} description={t('notAnchorHint')} action={{ href: '/liveMatches', label: t('browseLive') }} />
      </div>
    );
  }
  const room = liveRoomKey(anchor.user_id);
  const announcement = await getAnnouncement(await getDb(), room);
  return (
    <div className={styles.room}>
      <LiveChatProvider room={room} channel={brand.channel} announcement={announcement} liveStatus={liveStatuses.notStarted}>
        <AnchorHeader anchor={{ id: anchor.user_id, nick_name: anchor.nick_name, avatar: anchor.avatar, level: anchor.level }} />
        <div className={styles.layout}>
          <div className={styles.main}>
            <LiveStage anchorName={anchor.nick_name} />
            <AnnouncementCard />
          </div>
          <aside className={styles.side}>
            <ChatPanel />
          </aside>
        </div>
      </LiveChatProvider>
    </div>
  );
}
