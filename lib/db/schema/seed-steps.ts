// Which demo-content steps have run, so each runs once per database.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
