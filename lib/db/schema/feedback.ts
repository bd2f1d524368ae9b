// Feedback sent from the /about/3 page: what it is about, the message, how to reply, who sent it; the console's
// answer. Status: new, read (handled without a reply, e.g. answered by phone), answered (replied in the console).
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// The categories live with the form's schema, which the browser loads without Drizzle.
import { feedbackCategories, feedbackStatuses } from '../../validation/feedback';
import { users } from './users';


export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: text('brand_id').notNull(),
    // Null when sent signed out; kept when the account goes (set null), so the message stays readable.
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    category: text('category', { enum: feedbackCategories }).notNull(),
    content: text('content').notNull(),
    // A phone number or an e-mail address the sender gave for a reply; empty when none.
    contact: text('contact').notNull().default(''),
    locale: text('locale').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    status: text('status', { enum: feedbackStatuses }).notNull().default('new'),
    // The console's answer (lib/server/admin/feedback.ts): sent to the sender's system conversation, kept here.
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: bigint('replied_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_brand_created_idx').on(table.brandId, table.createdAt)],
);
export type Feedback = typeof feedback.$inferSelect;
