// Errors in the last hour (lib/server/error-counts.ts): each process adds the error lines it wrote to its own row of
// the minute; the dashboard sums every process's rows of the last hour; a flush the database refuses is retried
// with the next, so no error line goes uncounted.
import { getDb, type Db } from '@/lib/db';
import { dashboardFigures } from '@/lib/server/admin/dashboard';
import { errorsSince, startErrorCounting } from '@/lib/server/error-counts';
import { errorLinesWritten, log } from '@/lib/server/log';

beforeAll(() => getDb(), 60_000);

const hourAgo = () => new Date(Date.now() - 3_600_000);

it('adds each process’s error lines to the hour, and the dashboard shows the sum', async () => {
  const db = await getDb();
  const before = await errorsSince(db, hourAgo());
  const already = errorLinesWritten();
  const stopA = startErrorCounting(db, 'node-a', 60_000);
  const stopB = startErrorCounting(db, 'node-b', 60_000);
  for (let line = 0; line < 3; line += 1) log.error('test error line', { line });
  // Each node flushes what the process wrote since it started counting (the lines before it too): two "processes"
  // here share one process's count, so the sum counts it twice.
  await stopA();
  await stopB();
  const written = errorLinesWritten();
  expect(written - already).toBe(3);
  expect(await errorsSince(db, hourAgo())).toBe(before + 2 * written);
  expect((await dashboardFigures(db)).errorsLastHour).toBe(before + 2 * written);
  // Minutes older than the window are not counted.
  expect(await errorsSince(db, new Date(Date.now() + 120_000))).toBe(0);
});

it('keeps the count of a flush the database refused for the next one', async () => {
  const db = await getDb();
  let refuse = true;
  const flaky = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute' && refuse) {
        return () => {
          refuse = false;
          return Promise.reject(new Error('database away'));
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as Db;
  const before = await errorsSince(db, hourAgo());
  const stop = startErrorCounting(flaky, 'node-flaky', 20);
  log.error('another test error line');
  await new Promise((resolve) => setTimeout(resolve, 120));
  await stop();
  expect(refuse).toBe(false);
  expect(await errorsSince(db, hourAgo())).toBe(before + errorLinesWritten());
});
