// The finance page's CSV download (docs/admin.md "Money"): the entries of the brand's users' movements in a range
// of UTC days, streamed as they are read. Anyone without the right gets a plain 404, as for ID photos; a bad range
// is told in the reader's language.
import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { resolveBrand } from '@/lib/brand/registry';
import { consoleCall } from '@/lib/server/admin/context';
import { exportLedgerFromConsole } from '@/lib/server/admin/ledger';
import { requestLocale } from '@/lib/server/http/handler';
import { serverTranslator } from '@/lib/server/http/translate';
import { log } from '@/lib/server/log';
import { ledgerExportQuery } from '@/lib/validation/admin-money';

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function GET(request: NextRequest): Promise<Response> {
  const brand = resolveBrand(request.headers.get('host'));
  const db = await getDb();
  const call = await consoleCall(db, request, brand, 'money.ledger').catch(() => null);
  if (!call) return plain(404, 'Not found');
  const params = request.nextUrl.searchParams;
  const query = ledgerExportQuery.safeParse({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined, user: params.get('user') || undefined });
  if (!query.success) return plain(400, serverTranslator(requestLocale(request, brand))(query.error.issues[0].message));

  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<string, Uint8Array>({ transform: (line, controller) => controller.enqueue(encoder.encode(`${line}\r\n`)) });
  const writer = writable.getWriter();
  // Each line waits for the reader (backpressure); a reader that goes away ends the read-only snapshot.
  exportLedgerFromConsole(db, call.audit, query.data, async (line) => {
    await writer.ready;
    await writer.write(line);
  }).then(
    () => writer.close(),
    (error: unknown) => {
      log.warn('ledger export ended early', { error: error instanceof Error ? error.message : String(error) });
      return writer.abort(error).catch(() => undefined);
    },
  );
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const lastDay = new Date(query.data.to.getTime() - 86_400_000);
  const name = `ledger-${brand.id}-${day(query.data.from)}-${day(lastDay)}${query.data.user ? `-user-${query.data.user}` : ''}.csv`;
  return new Response(readable, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
