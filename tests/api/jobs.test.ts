// Interval jobs of the jobs role: a run still going when the next one is due is not started again.
import { getDb } from '@/lib/db';
import { startIntervalJobs } from '@/lib/server/jobs';
import { log } from '@/lib/server/log';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('never runs two copies of a job that is slower than its interval, and stop waits for the run in flight', async () => {
  let running = 0;
  let most = 0;
  let runs = 0;
  let finished = 0;
  const stop = startIntervalJobs(await getDb(), [
    {
      name: 'slow',
      everyMs: 20,
      run: async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await sleep(150);
        running -= 1;
        finished += 1;
      },
    },
  ]);
  const started = Date.now();
  await sleep(400);
  while (runs < 2 && Date.now() - started < 10_000) await sleep(20);
  await stop();
  expect(most).toBe(1);
  expect(runs).toBeGreaterThanOrEqual(2);
  // Runs follow one another: never more than the 150 ms runs that fit in the time waited.
  expect(runs).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 150) + 1);
  // Nothing is left running against a database that is about to close.
  expect(finished).toBe(runs);
});

it('logs a failed run and keeps ticking', async () => {
  const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
  let runs = 0;
  const stop = startIntervalJobs(await getDb(), [
    {
      name: 'failing',
      everyMs: 20,
      run: async () => {
        runs += 1;
        throw new Error('boom');
      },
    },
  ]);
  // Three runs after failures prove it keeps ticking; waited for, not timed (a starved runner once fit only two in 150 ms).
  const deadline = Date.now() + 10_000;
  while (runs < 3 && Date.now() < deadline) await sleep(20);
  await stop();
  expect(runs).toBeGreaterThanOrEqual(3);
  expect(logged).toHaveBeenCalledWith('job failed', { job: 'failing', error: 'Error: boom' });
  logged.mockRestore();
});
