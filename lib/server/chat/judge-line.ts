import 'server-only';
// Whether a viewer's chat line may go into a room, whichever provider carries it: the built-in gateway's `say`
// and Tencent's before-send callback ask here. The order of checks (docs/realtime.md): a signed-in sender, a
// room that takes lines, no ban, a prop that exists and is owned, then length, speak rate, links and contact
// details, the brand's blocked words, with the warnings and automatic mutes that breaking them earns.
import type { Db } from '@/lib/db';
import type { Bus } from '@/lib/realtime/bus';
import { imLoginRequiredCode, type SayRepFrame } from '@/lib/realtime/protocol';
import type { ParsedRoom } from '@/lib/validation/chat';
import type { ServerTranslate } from '@/lib/server/http/translate';
import type { Asset } from '@/lib/server/ledger/accounts';
import { readItemCount } from '@/lib/server/ledger/balances';
import { propFree } from '@/lib/validation/mall-constants';
import { activeBanEnd } from './bans';
import { loadChatSender } from './chat-users';
import type { ChatSender } from '@/lib/realtime/protocol';
import { getChatLimits } from './config';
import type { SpeakerStates } from './counters';
import { autoBan, canModerate } from './moderation';
import { chatPropAsset } from './props';
import { afterVerdict, judgeMessage, normaliseChatText, propsValid, rankOf, violationMessageKeys } from './rules';

export type ChatLine = {
  /** The sender's account; undefined for a guest. */
  userId: number | undefined;
  brandId: string;
  room: ParsedRoom;
  content: string;
  props_type: number;
  props_id: number;
};

export type LineVerdict =
  | { ok: true; sender: ChatSender; content: string; propAsset?: Asset; now: number }
  | {
      ok: false;
      status: SayRepFrame['status'];
      key: string;
      params?: Record<string, string | number>;
      extra?: Partial<Pick<SayRepFrame, 'banned_until' | 'wait_seconds'>>;
    };

type Refusal = Extract<LineVerdict, { ok: false }>;
const refuse = (key: string, params?: Refusal['params'], extra?: Refusal['extra'], status: Refusal['status'] = 1): Refusal => ({ ok: false, status, key, params, extra });

/**
 * Judges one line and records what it costs the sender (speak rate, violation counts, an automatic mute). `t`
 * names the broken rule in the sender's language inside the warning. `now` is when the line arrived: the speak
 * rate measures the viewer's pace, not how long the database took to answer.
 */
export async function judgeChatLine(db: Db, bus: Bus, speakers: SpeakerStates, line: ChatLine, t: ServerTranslate, now = Date.now()): Promise<LineVerdict> {
  const { room } = line;
  if (line.userId === undefined) return refuse('chat.restrictions.loginToChat', undefined, undefined, imLoginRequiredCode);
  if (room.kind === 'system' || room.kind === 'match') return refuse('chat.restrictions.readOnly');
  // A fan group's lines are kept as history: they are written through /api/groupChat/send, the socket delivers them.
  if (room.kind === 'fans') return refuse('chat.restrictions.groupSendsByHttp');
  const sender = await loadChatSender(db, line.userId);
  if (!sender) return refuse('chat.restrictions.loginToChat', undefined, undefined, imLoginRequiredCode);
  const banEnd = await activeBanEnd(db, room.key, sender.user_id);
  if (banEnd !== undefined) return refuse(banEnd === 0 ? 'chat.restrictions.bannedForever' : 'chat.restrictions.banned', {}, { banned_until: banEnd });
  const content = normaliseChatText(line.content);
  if (!propsValid(line.props_type, line.props_id)) return refuse('chat.restrictions.noSuchProp');
  // A prop is one item of the sender's own backpack; asking first spares the rate limit a line that cannot go.
  const propAsset = propFree(sender.role, line.props_type) ? undefined : chatPropAsset(line.props_type, line.props_id);
  if (propAsset && (await readItemCount(db, sender.user_id, propAsset)) < 1) return refuse('chat.restrictions.noProp');

  // Room managers and the anchor keep their room in order; the limits are for viewers.
  const exempt = await canModerate(db, { id: sender.user_id, role: sender.role }, room, { cached: true });
  const limits = await getChatLimits(db, line.brandId);
  const state = await speakers.get(room.key, sender.user_id);
  const verdict = judgeMessage(content, exempt ? { ...limits, speakRateSeconds: 0, contacts: false, allowedLinkHosts: null } : limits, state, now);
  if (verdict.kind === 'empty') return refuse('chat.restrictions.empty');
  if (verdict.kind === 'tooLong') return refuse('chat.restrictions.tooLong');
  if (verdict.kind === 'tooFrequent') return refuse('chat.restrictions.tooFrequent', { seconds: verdict.waitSeconds }, { wait_seconds: verdict.waitSeconds });
  // The brand's blocked words hold for everyone; the room's keepers are refused the line but never warned or muted.
  if (verdict.kind === 'violation' && exempt) return refuse(violationMessageKeys[verdict.rule]);
  const outcome = afterVerdict(state, verdict, limits, now);
  await speakers.set(room.key, sender.user_id, outcome.state);
  if (verdict.kind === 'violation') {
    // The viewer always learns which rule the message broke, and what the next one would cost.
    const reason = t(violationMessageKeys[verdict.rule]);
    if (outcome.autoBan) {
      const ban = await autoBan(db, bus, room, sender, outcome.autoBan.trigger, outcome.autoBan.minutes);
      const muted = verdict.rule === 'keyword' ? 'chat.restrictions.keywordMuted' : 'chat.restrictions.advertising';
      return refuse(muted, { reason, minutes: outcome.autoBan.minutes }, { banned_until: ban.until });
    }
    if (outcome.nextMuteMinutes !== undefined) return refuse('chat.restrictions.warned', { reason, minutes: outcome.nextMuteMinutes });
    return refuse(violationMessageKeys[verdict.rule]);
  }
  // A viewer the anchor appointed speaks with the room's authority: the line carries the tag the room shows.
  const appointed = exempt && rankOf(sender.role) <= 1 && room.kind === 'live' && sender.user_id !== room.id;
  return { ok: true, sender: appointed ? { ...sender, room_manager: 1 } : sender, content, propAsset, now };
}
