// Per-brand app configuration (spec §3 app config), live categories and maintenance notices.
import { bigserial, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/locales';

/** One row per brand and key; brand '*' holds the value every brand inherits. */
export const appConfig = pgTable(
  'app_config',
  {
    brandId: text('brand_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.key] })],
);
export type AppConfigRow = typeof appConfig.$inferSelect;

export const liveCategories = pgTable('live_categories', {
  id: integer('id').primaryKey(),
  // null for a top-level category; otherwise the category this one is a secondary of.
  parentId: integer('parent_id'),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
export type LiveCategory = typeof liveCategories.$inferSelect;

export const maintenanceNotices = pgTable('maintenance_notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  // When the reminder starts showing; null means no reminder before the window.
  remindAt: timestamp('remind_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
});
export type MaintenanceNotice = typeof maintenanceNotices.$inferSelect;
