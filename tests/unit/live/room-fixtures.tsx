// A live room for component tests: getRoomInfo's answer as a builder, and the providers a room's islands sit in
// (chat store, room context), signed in as someone or not. Files using it mock `roomInfoQuery` to answer `room`.
import { useEffect, type ReactNode } from 'react';
import type { UserInfo } from '@/lib/validation/users';
import { RoomProvider } from '@/components/live-room/room-context';
import type { PlayInfo, Quality, RoomInfo } from '@/lib/validation/live';
import { ChatStoreProvider } from '@/stores/chat-store';
import { useUserStore } from '@/stores/user-store';

export const roomAnchorId = 10000002;

export const quality = (name: string, rendition: Quality['rendition'], locked: 0 | 1): Quality => ({
  name,
  rendition,
  hd: rendition === 'src' ? 1 : 0,
  locked,
  flv: locked ? '' : `http://localhost:8000/live/s${rendition === 'src' ? '' : `_${rendition}`}.flv`,
  hls: '',
});

/** A room with an open live in `state` (null: no live open), playing `qualities` while on air. */
export function roomInfo(state: 'waiting' | 'live' | 'away' | null, qualities: Quality[] = []): RoomInfo {
  const onAir = state === 'live' || state === 'away';
  const play: PlayInfo = onAir ? { flv: qualities.find((item) => !item.locked)?.flv ?? '', hls: '', qualities } : { flv: '', hls: '', qualities: [] };
  const liveStatus = state === 'live' ? 1 : state === 'away' ? 2 : 0;
  return {
    anchor: { id: roomAnchorId, nick_name: '老K说球', avatar: '', level: 1, vip_level: 0, fans: 0, is_followed: 0 },
    title: 'Final',
    cover: '',
    cover_srcset: '',
    live: state
      ? { live_id: 7, state, live_status: liveStatus, title: 'Final', category_id: 2, child_category_id: 201, cover: '', cover_v: '', started_at: 1, stream_started_at: onAir ? 1 : 0 }
      : null,
    live_status: liveStatus,
    match: null,
    heat: 0,
    play,
    ticket: { required: qualities.some((item) => item.locked) ? 1 : 0, cost: 1, granted: 0, ticket: 1 },
  };
}

export function userInfo(id: number): UserInfo {
  return {
    id, nick_name: 'Someone', avatar: '', level: 3, process: 0, remainder: 0, diamond: 0, gold: 0, mobile: '', formatPhone: '', sig: '',
    vip_level: 0, vip_expires_at: 0, role: 'anchor', is_anchor: 1, has_password: 1, nickname_change_at: 0,
  };
}

function SignedIn({ as, children }: { as: number; children: ReactNode }) {
  const setUserInfo = useUserStore((state) => state.setUserInfo);
  const user = useUserStore((state) => state.userInfo);
  useEffect(() => setUserInfo(userInfo(as)), [setUserInfo, as]);
  return user ? children : null;
}

/** The room of roomAnchorId around `children`; `signedInAs`: the viewer's id (the anchor's own to be its anchor). */
export function InRoom({ room, signedInAs, children }: { room: RoomInfo; signedInAs?: number; children: ReactNode }) {
  const inside = (
    <ChatStoreProvider init={{ room: `live:${roomAnchorId}`, announcement: null }}>
      <RoomProvider anchorId={roomAnchorId} initial={room}>
        {children}
      </RoomProvider>
    </ChatStoreProvider>
  );
  return signedInAs === undefined ? inside : <SignedIn as={signedInAs}>{inside}</SignedIn>;
}
