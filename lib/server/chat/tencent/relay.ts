import 'server-only';
// Room messages the server publishes (gifts, moderation, quizzes, announcements, follows, login lines, and chat
// from viewers on the built-in gateway) also go into the room's Tencent group when a Tencent app is configured, so
// that viewers on either provider see the same room. One outbox per process, whichever module bundle asks.
import { log } from '@/lib/server/log';
import { tencentGroupId } from '@/lib/validation/tencent-im';
import { createGroupOutbox, type GroupOutbox } from './outbox';
import { createTencentRest } from './rest';
import { tencentImSettings } from './settings';

const holderKey = Symbol.for('sportcast.tencentImOutbox');
type Holder = { [holderKey]?: GroupOutbox | null };

function processOutbox(): GroupOutbox | undefined {
  const holder = globalThis as Holder;
  if (holder[holderKey] === undefined) {
    const settings = tencentImSettings();
    if (settings) {
      const rest = createTencentRest(settings);
      holder[holderKey] = createGroupOutbox((message) => rest.sendGroupMessage(message), { perSecond: settings.groupMessagesPerSecond });
      log.info('tencent im relay on', { sdkappid: settings.sdkAppId, api: settings.apiUrl });
    } else {
      holder[holderKey] = null;
    }
  }
  return holder[holderKey] ?? undefined;
}

/** Queues a room message for the room's Tencent group; nothing when no app is configured or the room is not mirrored. */
export function relayToTencent(room: string, type: string, frame: string, onlineOnly = false): void {
  const groupId = tencentGroupId(room);
  if (!groupId) return;
  processOutbox()?.enqueue({ groupId, type, data: frame, onlineOnly });
}

/** Resolves once every queued message has been sent or given up (tests, a graceful stop). */
export async function tencentRelayIdle(): Promise<void> {
  await processOutbox()?.idle();
}
