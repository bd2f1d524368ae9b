import 'server-only';
// Proofs of the books on record (docs/ledger.md "Verification"): the jobs role proves them every few hours and an
// operator can ask for a proof in the console; each result is kept (the newest 200), a failed one also as an error
// line, which the console's dashboard counts.
import { desc, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { ledgerVerifications } from '@/lib/db/schema';
import { log } from '@/lib/server/log';
import type { LedgerMismatch, LedgerVerification } from '@/lib/validation/admin-money';
import { verifyLedger } from './verify';

const kept = 200;

export async function recordLedgerVerification(db: Db, actorId: number | null): Promise<LedgerVerification> {
  const started = performance.now();
  const report = await verifyLedger(db);
  const durationMs = Math.round(performance.now() - started);
  const [row] = await db
    .insert(ledgerVerifications)
    .values({ actorId, accounts: report.accounts, entries: report.entries, mismatches: report.mismatches, details: report.details.slice(0, 50), durationMs })
    .returning();
  await db.delete(ledgerVerifications).where(lt(ledgerVerifications.id, sql`(SELECT id FROM ${ledgerVerifications} ORDER BY id DESC OFFSET ${kept - 1} LIMIT 1)`));
  if (report.mismatches > 0) log.error('the books do not balance', { mismatches: report.mismatches, first: report.details[0] });
  return toVerification(row);
}

export async function latestLedgerVerification(db: Db): Promise<LedgerVerification | null> {
  const [row] = await db.select().from(ledgerVerifications).orderBy(desc(ledgerVerifications.id)).limit(1);
  return row ? toVerification(row) : null;
}

function toVerification(row: typeof ledgerVerifications.$inferSelect): LedgerVerification {
  return {
    at: row.createdAt.toISOString(),
    actorId: row.actorId,
    accounts: row.accounts,
    entries: row.entries,
    mismatches: row.mismatches,
    details: row.details as LedgerMismatch[],
    durationMs: row.durationMs,
  };
}
