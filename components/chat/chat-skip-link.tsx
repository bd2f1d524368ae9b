'use client';
// "Skip to chat" (issue 18): in a live room the chat box is dozens of Tab presses down the page, so the second
// stop from the top goes straight to it. It focuses the text field, or when the viewer cannot write there (a
// guest, a banned viewer) the first control of the send box that works, else the chat panel.
import { usePathname } from 'next/navigation';
import type { MouseEvent } from 'react';

export const chatPanelId = 'chat';
export const chatInputId = 'chat-input';

const liveRoomPath = /\/liveMatchesTwo\/[^/]+\/?$/;

function focusChat(event: MouseEvent<HTMLAnchorElement>) {
  const input = document.getElementById(chatInputId);
  const panel = document.getElementById(chatPanelId);
  const target =
    input instanceof HTMLInputElement && !input.disabled
      ? input
      : (input?.closest('form')?.querySelector<HTMLButtonElement>('button:not([disabled])') ?? panel);
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}

export function ChatSkipLink({ label }: { label: string }) {
  const pathname = usePathname();
  if (!liveRoomPath.test(pathname)) return null;
  return (
    <a href={`#${chatPanelId}`} className="skip-link" onClick={focusChat}>
      {label}
    </a>
  );
}
