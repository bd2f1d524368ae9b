'use client';
// What flies over the room's video: the chat's barrage, entrance and gift animations. Nothing of it is in the first
// paint, so the live stage loads it after (live-stage.tsx).
import { BarrageOverlay } from './barrage-overlay';
import { EntranceOverlay } from './entrance-overlay';
import { GiftOverlay } from './gift-overlay';

export function RoomOverlays() {
  return (
    <>
      <BarrageOverlay />
      <EntranceOverlay />
      <GiftOverlay />
    </>
  );
}
