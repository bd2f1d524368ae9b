import 'server-only';
// The brand's blocked chat words in the operator console: read the list, replace it. The change and its audit row
// (what was added and removed) are one transaction; then every gateway is told on the bus to read the chat rules
// again (a process that misses it reads them again within the rules' 10-second cache, lib/server/chat/config.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { chatKeywords } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { forgetChatConfigCache } from '@/lib/server/chat/config';
import { publishChatControl } from '@/lib/server/chat/publish';
import type { ChatKeywordList } from '@/lib/validation/chat-keywords';
import { writeAudit, type AuditContext } from './audit';

export async function readKeywordList(db: Db, brandId: string): Promise<ChatKeywordList> {
  const [row] = await db.select().from(chatKeywords).where(eq(chatKeywords.brandId, brandId));
  return { brandId, words: row?.words ?? [], updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function saveKeywordList(db: Db, context: AuditContext, words: string[], now = new Date()): Promise<{ count: number; added: number; removed: number }> {
  const change = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(chatKeywords).where(eq(chatKeywords.brandId, context.brandId)).for('update');
    const before = row?.words ?? [];
    const added = words.filter((word) => !before.includes(word));
    const removed = before.filter((word) => !words.includes(word));
    await tx
      .insert(chatKeywords)
      .values({ brandId: context.brandId, words, updatedAt: now })
      .onConflictDoUpdate({ target: chatKeywords.brandId, set: { words, updatedAt: now } });
    await writeAudit(tx, context, { action: 'chat.keywords', targetType: 'brand', targetId: context.brandId, before: { count: before.length }, after: { count: words.length, added, removed } });
    return { count: words.length, added: added.length, removed: removed.length };
  });
  forgetChatConfigCache();
  await publishChatControl(getBus(), { kind: 'config' });
  return change;
}
