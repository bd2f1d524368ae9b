// A settlement in a process of its own, for the test that kills it between chunks: it pays the quiz's winners two
// bets at a time, says "paid <n>" after the first committed chunk and then hangs until it is killed.
import { getDb } from '@/lib/db';
import { settlePayouts } from '@/lib/server/quizzes/settle';

async function main(): Promise<void> {
  const quizId = Number(process.argv[2]);
  const db = await getDb();
  await settlePayouts(db, quizId, {
    chunkSize: 2,
    onChunk: async ({ paid }) => {
      process.stdout.write(`paid ${paid}\n`);
      await new Promise(() => undefined);
    },
  });
}

void main();
