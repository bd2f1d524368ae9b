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
  await sleep(400);
  await stop();
  expect(most).toBe(1);
  expect(runs).toBeGreaterThanOrEqual(2);
  expect(runs).toBeLessThanOrEqual(4);
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
  await sleep(150);
  await stop();
  expect(runs).toBeGreaterThanOrEqual(3);
  expect(logged).toHaveBeenCalledWith('job failed', { job: 'failing', error: 'Error: boom' });
  logged.mockRestore();
});
