'use client';
// The anchor's studio in their own live room, for them alone: everyone else gets nothing, not even its code
// (the panel, its queries and their schemas load only when the signed-in viewer is the room's anchor).
import dynamic from 'next/dynamic';
import { useOwnRoom } from '@/components/live-room/room-context';

const StudioPanel = dynamic(() => import('./studio-panel').then((module) => module.StudioPanel), { ssr: false });

export function AnchorStudio() {
  const own = useOwnRoom();
  return own ? <StudioPanel /> : null;
}
