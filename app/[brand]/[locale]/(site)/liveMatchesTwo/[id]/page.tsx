import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AnchorStudio } from '@/components/anchor/anchor-studio';
import { ChatPanel } from '@/components/chat/chat-panel';
import { LiveChatProvider } from '@/components/chat/live-chat-provider';
import { AnchorHeader } from '@/components/live-room/anchor-header';
import { AnnouncementCard } from '@/components/live-room/announcement-card';
import { LiveStage } from '@/components/live-room/live-stage';
import styles from '@/components/live-room/live-room.module.css';
import { RoomMatch } from '@/components/live-room/room-match';
import { RoomProvider } from '@/components/live-room/room-context';
import { RoomScreen } from '@/components/live-room/room-screen';
import { EmptyState } from '@/components/ui/empty-state';
import { VideoIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import routeStyles from '@/components/shell/route-page.module.css';
import { siteRoutes } from '@/lib/routes';
import { readLiveRoomAnchor, readLiveRoomPage } from '@/lib/server/public-pages/live-room-page';

type Params = Promise<LocaleParams & { id: string }>;

// On Android the on-screen keyboard shrinks the layout viewport (and 100dvh) rather than covering the page, so the
// room's chat input stays above it; iOS ignores this and the room follows the visual viewport (room-screen.tsx).
export const viewport: Viewport = { interactiveWidget: 'resizes-content' };

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, brandName } = await resolvePageContext(params);
  const anchor = await readLiveRoomAnchor((await params).id);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const title = anchor ? `${anchor.nick_name} · ${t('liveMatchesTwo.title')}` : t('liveMatchesTwo.title');
  return { title: { absolute: `${title} · ${brandName}` } };
}

/**
 * The live room of an anchor (spec /liveMatchesTwo/{id}): heading, match, video, announcement, and the chat beside it;
 * the anchor's own studio under the video when the anchor opens their own room. On a phone the same parts make one
 * screen: the video stuck on top, the strips under it, the chat filling the rest (RoomScreen).
 */
export default async function LiveMatchesTwoPage({ params }: { params: Params }) {
  const { brand, locale } = await resolvePageContext(params);
  const anchor = await readLiveRoomAnchor((await params).id);
  if (!anchor) {
    const t = await getTranslations({ locale, namespace: 'chat.room' });
    return (
      <div className={routeStyles.page}>
        <EmptyState icon={VideoIcon} title={t('notAnchor')} description={t('notAnchorHint')} action={{ href: siteRoutes.liveMatches, label: t('browseLive') }} />
      </div>
    );
  }
  // The visitor's view of the room; the browser asks again with the viewer's session (follow state, HD).
  const { room, announcement, info, imSdkAppId } = await readLiveRoomPage(anchor.user_id, brand.id, locale, await headers());
  return (
    <RoomScreen>
      <LiveChatProvider room={room} channel={brand.channel} imSdkAppId={imSdkAppId} announcement={announcement} liveStatus={info.live_status} matchId={info.match?.match_id ?? null}>
        <RoomProvider anchorId={anchor.user_id} initial={info}>
          <AnchorHeader />
          <div className={styles.layout}>
            {/* The match card sits in the video's column so the chat beside it starts right under the heading. */}
            <div className={styles.main}>
              <RoomMatch />
              <LiveStage anchorName={anchor.nick_name} />
              <AnchorStudio />
              <AnnouncementCard />
            </div>
            <aside className={styles.side}>
              <ChatPanel />
            </aside>
          </div>
        </RoomProvider>
      </LiveChatProvider>
    </RoomScreen>
  );
}
