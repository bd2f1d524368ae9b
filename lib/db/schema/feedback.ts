// Feedback sent from the /about/3 page: what it is about, the message, how to reply, who sent it.
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// The categories live with the form's schema, which the browser loads without Drizzle.
import { feedbackCategories } from '../../validation/feedback';
import { users } from './users';

export const feedbackStatuses = ['new', 'read', 'answered'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_brand_created_idx').on(table.brandId, table.createdAt)],
);
export type Feedback = typeof feedback.$inferSelect;
