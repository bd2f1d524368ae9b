import 'server-only';
// The feedback inbox in the operator console: the brand's feedback by status, newest first. A reply goes to the
// sender's system conversation, in the language they wrote in, and is kept with the feedback; feedback from a signed-out
// sender (or dealt with by phone) is marked handled instead. Each change and its audit row are one transaction, the
// system message its last write.
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '@/lib/db';
import { feedback, users } from '@/lib/db/schema';
import { isLocale } from '@/lib/i18n/locales';
import { getBrand, defaultBrand } from '@/lib/brand/registry';
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { sendSystemMessage } from '@/lib/server/inbox/system-messages';
import { adminPageSize, type FeedbackConsoleQuery, type FeedbackPage, type FeedbackReplyInput } from '@/lib/validation/admin';
import { writeAudit, type AuditContext } from './audit';
import { pageWindow } from './paging';

const senders = alias(users, 'sender');

export async function listFeedbackForConsole(db: Db, brandId: string, query: FeedbackConsoleQuery): Promise<FeedbackPage> {
  const where = and(eq(feedback.brandId, brandId), eq(feedback.status, query.status));
  const [{ total }] = await db.select({ total: count() }).from(feedback).where(where);
  const [{ newCount }] = await db
    .select({ newCount: count() })
    .from(feedback)
    .where(and(eq(feedback.brandId, brandId), eq(feedback.status, 'new')));
  const { page, pages, offset } = pageWindow(total, query.page);
  const rows = await db
    .select({ item: feedback, senderName: senders.nickName })
    .from(feedback)
    .leftJoin(senders, eq(senders.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(adminPageSize)
    .offset(offset);
  return {
    rows: rows.map(({ item, senderName }) => ({
      id: item.id,
      category: item.category,
      content: item.content,
      contact: item.contact,
      locale: item.locale,
      status: item.status,
      createdAt: item.createdAt.toISOString(),
      sender: item.userId !== null && senderName !== null ? { id: item.userId, nickName: senderName } : null,
      reply: item.reply,
      repliedAt: item.repliedAt?.toISOString() ?? null,
    })),
    total,
    page,
    pages,
    newCount,
  };
}

async function lockFeedback(tx: Tx, brandId: string, id: number) {
  const [item] = await tx
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.brandId, brandId)))
    .for('update');
  if (!item) throw new AppError('admin.errors.feedbackUnknown');
  return item;
}

/** Replies to the sender's system conversation; a second reply is a follow-up, kept in place of the first. */
export async function replyToFeedback(db: Db, context: AuditContext, input: FeedbackReplyInput): Promise<{ status: 'answered' }> {
  await db.transaction(async (tx) => {
    const item = await lockFeedback(tx, context.brandId, input.feedback_id);
    if (item.userId === null) throw new AppError('admin.errors.feedbackNoAccount');
    const now = new Date();
    await tx.update(feedback).set({ status: 'answered', reply: input.reply, repliedAt: now, repliedBy: context.actorId }).where(eq(feedback.id, item.id));
    await writeAudit(tx, context, {
      action: 'feedback.reply',
      targetType: 'feedback',
      targetId: item.id,
      before: { status: item.status, reply: item.reply },
      after: { status: 'answered', reply: input.reply },
    });
    const locale = isLocale(item.locale) ? item.locale : (getBrand(item.brandId) ?? defaultBrand()).locale;
    const t = serverTranslator(locale);
    await sendSystemMessage(tx, { userId: item.userId }, t('admin.feedback.replyMessage', { reply: input.reply }), context.actorId);
  });
  return { status: 'answered' };
}

/** Marks feedback dealt with outside the console; answered feedback stays answered. */
export async function markFeedbackHandled(db: Db, context: AuditContext, id: number): Promise<{ status: 'read' | 'answered' }> {
  return db.transaction(async (tx) => {
    const item = await lockFeedback(tx, context.brandId, id);
    if (item.status !== 'new') return { status: item.status };
    await tx.update(feedback).set({ status: 'read' }).where(eq(feedback.id, item.id));
    await writeAudit(tx, context, { action: 'feedback.handled', targetType: 'feedback', targetId: item.id, before: { status: 'new' }, after: { status: 'read' } });
    return { status: 'read' };
  });
}
