// One messaging connection per tab (docs/inbox.md): the live room and the signed-in visitor's inbox hold the same
// client, so a room opened from any page finds the socket already up, and a tab never costs the gateway two. The
// first holder creates and connects it; it closes when the last lets go. A tab back in view, or a network back
// online, reconnects at once instead of waiting out the back-off.
import type { ImClient } from './types';

let shared: { client: ImClient; holders: number; stopListening: () => void } | undefined;

function listenForWakeUps(client: ImClient): () => void {
  const wake = () => {
    if (document.visibilityState === 'visible' && client.state !== 'ready' && client.state !== 'kickedOut') client.reconnectNow();
  };
  document.addEventListener('visibilitychange', wake);
  window.addEventListener('online', wake);
  return () => {
    document.removeEventListener('visibilitychange', wake);
    window.removeEventListener('online', wake);
  };
}

/** The tab's client (made by `create` when there is none yet), and how to let go of it. */
export function holdSharedImClient(create: () => ImClient): { client: ImClient; release: () => void } {
  if (!shared) {
    const client = create();
    shared = { client, holders: 0, stopListening: listenForWakeUps(client) };
    client.connect();
  }
  const held = shared;
  held.holders += 1;
  let released = false;
  return {
    client: held.client,
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders > 0 || shared !== held) return;
      shared = undefined;
      held.stopListening();
      held.client.destroy();
    },
  };
}
