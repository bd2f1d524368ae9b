import 'server-only';
// The chat limits of a brand (spec §3 chat config, §5 defaults): its own row, else the `*` row, else the
// defaults below; and its blocked words. Read through a 10-second cache: every gateway sees an operator's change
// within 10 s.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { chatConfigs, chatKeywords, type ChatConfigRow } from '@/lib/db/schema';
import type { ChatConfigReply } from '@/lib/validation/chat';
import type { ChatLimits } from './rules';

/** Spec §5: total trigger 3, continue trigger num 2, num msg count 2, single message length 3; the rest ours. */
export const defaultChatConfig: Omit<ChatConfigRow, 'brandId' | 'updatedAt'> = {
  speakRate: 2,
  speakRateToggle: 1,
  singleMsgNumLength: 3,
  singleMsgToggle: 1,
  numMsgCount: 2,
  numMsgCountToggle: 1,
  linkSet: '',
  linkSetToggle: 1,
  continueTriggerNum: 2,
  continueTriggerBanned: 10,
  continueTriggerToggle: 1,
  totalTrigger: 3,
  totalTriggerBanned: 60,
  totalTriggerToggle: 1,
};

const cacheMs = 10_000;
const cache = new Map<string, { at: number; row: Omit<ChatConfigRow, 'updatedAt'> }>();
const keywordCache = new Map<string, { at: number; words: readonly string[] }>();

/** After a direct change (tests, operator tools in this process) the next read goes to the database. */
export function forgetChatConfigCache(): void {
  cache.clear();
  keywordCache.clear();
}

/** The brand's blocked words, folded; none when it has no list. */
async function readChatKeywords(db: Db, brandId: string): Promise<readonly string[]> {
  const cached = keywordCache.get(brandId);
  if (cached && Date.now() - cached.at < cacheMs) return cached.words;
  const [row] = await db.select({ words: chatKeywords.words }).from(chatKeywords).where(eq(chatKeywords.brandId, brandId));
  const words = row?.words ?? [];
  keywordCache.set(brandId, { at: Date.now(), words });
  return words;
}

export async function readChatConfig(db: Db, brandId: string): Promise<Omit<ChatConfigRow, 'updatedAt'>> {
  const cached = cache.get(brandId);
  if (cached && Date.now() - cached.at < cacheMs) return cached.row;
  const rows = await db.select().from(chatConfigs).where(inArray(chatConfigs.brandId, [brandId, '*']));
  const found = rows.find((row) => row.brandId === brandId) ?? rows.find((row) => row.brandId === '*');
  const row = found ? { ...found } : { brandId: '*', ...defaultChatConfig };
  cache.set(brandId, { at: Date.now(), row });
  return row;
}

export function toChatConfigReply(row: Omit<ChatConfigRow, 'updatedAt'>): ChatConfigReply {
  return {
    id: row.brandId,
    speak_rate: row.speakRate,
    speak_rate_toggle: row.speakRateToggle,
    single_msg_num_length: row.singleMsgNumLength,
    single_msg_toggle: row.singleMsgToggle,
    num_msg_count: row.numMsgCount,
    num_msg_count_toggle: row.numMsgCountToggle,
    link_set: row.linkSet,
    link_set_toggle: row.linkSetToggle,
    continue_trigger_num: row.continueTriggerNum,
    continue_trigger_banned: row.continueTriggerBanned,
    continue_trigger_toggle: row.continueTriggerToggle,
    total_trigger: row.totalTrigger,
    total_trigger_banned: row.totalTriggerBanned,
    total_trigger_toggle: row.totalTriggerToggle,
  };
}

export function toChatLimits(row: Omit<ChatConfigRow, 'updatedAt'>, keywords: readonly string[] = []): ChatLimits {
  return {
    keywords,
    speakRateSeconds: row.speakRateToggle ? row.speakRate : 0,
    // The spec's number fields name what the rule is for; it looks for phone numbers and accounts, not digits.
    contacts: row.singleMsgToggle === 1,
    allowedLinkHosts: row.linkSetToggle
      ? row.linkSet
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean)
      : null,
    continuousTriggers: row.continueTriggerToggle ? { count: row.continueTriggerNum, banMinutes: row.continueTriggerBanned } : null,
    totalTriggers: row.totalTriggerToggle ? { count: row.totalTrigger, banMinutes: row.totalTriggerBanned } : null,
  };
}

export async function getChatLimits(db: Db, brandId: string): Promise<ChatLimits> {
  const [row, keywords] = await Promise.all([readChatConfig(db, brandId), readChatKeywords(db, brandId)]);
  return toChatLimits(row, keywords);
}
