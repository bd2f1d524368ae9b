// The operator console: the audit log of every console action, and the operators' second factor.
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per console action, written in the transaction of the change it records; the console never edits it. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    // The actor's console role when acting (operator, content, finance, moderator).
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull().default(''),
    brandId: text('brand_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/** An operator's TOTP secret (sealed with the server secret); confirmed once a code from the app matched. */
export const operatorTotp = pgTable('operator_totp', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
});
export type OperatorTotp = typeof operatorTotp.$inferSelect;

/** Error lines each process wrote, per minute (lib/server/error-counts.ts): the console's errors in the last hour. */
export const errorCounts = pgTable(
  'error_counts',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    /** host:pid of the process. */
    node: text('node').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.minute, table.node] })],
);
