'use client';
// The room's video area as the chat sees it: the live state from heatRep, the barrage and entrance overlays,
// and the barrage switch, around the player slot.
import { useChatStore } from '@/stores/chat-store';
import { BarrageOverlay } from './barrage-overlay';
import { BarrageToggle } from './barrage-toggle';
import { EntranceOverlay } from './entrance-overlay';
import { PlayerSlot } from './player-slot';

export function LiveStage({ anchorName }: { anchorName: string }) {
  const status = useChatStore((state) => state.liveStatus);
  return (
    <PlayerSlot
      status={status}
      anchorName={anchorName}
      overlays={
        <>
          <BarrageOverlay />
          <EntranceOverlay />
        </>
      }
      controls={<BarrageToggle />}
    />
  );
}
