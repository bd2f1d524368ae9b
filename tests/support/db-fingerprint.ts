// A cheap fingerprint of the whole database for the "no state change on a refused input" checks of the hardening
// fuzz (docs/hardening.md): per table its row count and an md5 of its rows in order, in one query.
import { getTableColumns, getTableName, is, sql, type Column } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { getDb } from '@/lib/db';
import * as schema from '@/lib/db/schema';

/**
 * What moves on any request, refused or not, and so is left out: a session's last-seen time (resolving the caller
 * touches it every few minutes). Rate-limit counters live in memory or Redis, and request logs in the log, not here.
 */
export const movesOnAnyRequest: Record<string, readonly string[]> = { sessions: ['last_seen_at'] };

function tableQueries(): string[] {
  const queries: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const name = getTableName(table);
    const skipped = movesOnAnyRequest[name] ?? [];
    const columns = (Object.values(getTableColumns(table)) as Column[]).map((column) => column.name).filter((column) => !skipped.includes(column));
    const row = `row(${columns.map((column) => `"${column}"`).join(', ')})::text`;
    queries.push(`select '${name}' as name, count(*)::int as rows, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as hash from (select ${row} as r from "${name}") s`);
  }
  return queries;
}

/** Table name → "rows:md5", for every table of the schema. */
export async function databaseFingerprint(): Promise<Map<string, string>> {
  const db = await getDb();
  const result: unknown = await db.execute(sql.raw(tableQueries().join('\nunion all\n')));
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows: { name: string; rows: number; hash: string }[] }).rows;
  return new Map(rows.map((row) => [row.name, `${row.rows}:${row.hash}`]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name)).sort();
}
