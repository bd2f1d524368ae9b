import 'server-only';
// The console's finance page (docs/admin.md "Money"): the brand's users' ledger transactions with every leg, found
// by user, kind or idempotency key; the newest proof of the books, and a new one on demand (at most every 30 s); the entries of a
// period as CSV. A brand sees the movements its own users asked for; the books are proved whole, as one ledger.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { exportLedger } from '@/lib/server/ledger/export';
import { latestLedgerVerification, recordLedgerVerification } from '@/lib/server/ledger/verifications';
import { userAccount } from '@/lib/server/ledger/accounts';
import { adminPageSize } from '@/lib/validation/admin';
import type { LedgerExportQuery, LedgerSearchPage, LedgerSearchQuery, LedgerVerification } from '@/lib/validation/admin-money';
import { writeAudit, type AuditContext } from './audit';
import { pageWindow } from './paging';

/** Counting stops here: past it the pager offers this many pages, and a narrower search finds the rest. */
const countCap = 10_000;

export async function searchLedger(db: Db, brandId: string, query: LedgerSearchQuery): Promise<LedgerSearchPage> {
  const filters: SQL[] = [sql`u.brand_id = ${brandId}`];
  if (query.user) filters.push(sql`t.user_id = ${query.user}`);
  if (query.kind) filters.push(sql`t.kind = ${query.kind}`);
  if (query.key) filters.push(sql`t.idempotency_key = ${query.key}`);
  const where = sql.join(filters, sql` AND `);
  const [{ total }] = await queryRows<{ total: string }>(db, sql`
    SELECT count(*) AS total FROM (
      SELECT 1 FROM ledger_transactions t JOIN users u ON u.id = t.user_id WHERE ${where} LIMIT ${countCap}
    ) capped`);
  const { page, pages, offset } = pageWindow(Number(total), query.page);
  const transactions = await queryRows<{ id: string; kind: string; idempotency_key: string; created_at: Date | string; user_id: string; nick_name: string }>(db, sql`
    SELECT t.id, t.kind, t.idempotency_key, t.created_at, t.user_id, u.nick_name
    FROM ledger_transactions t JOIN users u ON u.id = t.user_id
    WHERE ${where} ORDER BY t.id DESC LIMIT ${adminPageSize} OFFSET ${offset}`);
  const ids = transactions.map((row) => Number(row.id));
  const legs =
    ids.length === 0
      ? []
      : await queryRows<{ transaction_id: string; account: string; asset: string; amount: string }>(db, sql`
          SELECT transaction_id, account, asset, amount FROM ledger_entries
          WHERE transaction_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id`);
  return {
    rows: transactions.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      key: row.idempotency_key,
      at: new Date(row.created_at).toISOString(),
      user: { id: Number(row.user_id), nickName: row.nick_name },
      legs: legs.filter((leg) => Number(leg.transaction_id) === Number(row.id)).map((leg) => ({ account: leg.account, asset: leg.asset, amount: Number(leg.amount) })),
    })),
    total: Number(total),
    page,
    pages,
  };
}

/** A proof reads every entry: one younger than this is the answer, however often the button is pressed. */
const proofFreshMs = 30_000;

/** Proves the books now (or answers the proof of the last 30 s), on record and in the audit log. */
export async function verifyLedgerFromConsole(db: Db, context: AuditContext, now = Date.now()): Promise<LedgerVerification> {
  const latest = await latestLedgerVerification(db);
  if (latest && now - Date.parse(latest.at) < proofFreshMs) return latest;
  const verification = await recordLedgerVerification(db, context.actorId);
  await writeAudit(db, context, {
    action: 'ledger.verify',
    targetType: 'ledger',
    targetId: 'books',
    before: null,
    after: { accounts: verification.accounts, entries: verification.entries, mismatches: verification.mismatches },
  });
  return verification;
}

/** The CSV of the brand's users' movements in the range (one user's account when asked), audited before it streams. */
export async function exportLedgerFromConsole(db: Db, context: AuditContext, query: LedgerExportQuery, write: (line: string) => void | Promise<void>): Promise<number> {
  await writeAudit(db, context, {
    action: 'ledger.export',
    targetType: 'ledger',
    targetId: query.user ? userAccount(query.user) : 'brand',
    before: null,
    after: { from: query.from.toISOString(), to: query.to.toISOString(), user: query.user ?? null },
  });
  return exportLedger(db, { from: query.from, to: query.to, brandId: context.brandId, account: query.user ? userAccount(query.user) : undefined }, write);
}
