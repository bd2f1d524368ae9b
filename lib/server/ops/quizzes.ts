import 'server-only';
// Operator commands for quizzes: end a quiz's betting now, draw a quiz (match-linked ones included), cancel one
// (an open quiz is refunded; a drawn one is reversed, debt recorded where a winner already spent the bonus).
import { AppError } from '@/lib/server/http/errors';
import { cancelQuiz, closeBetting, drawAndSettle, type Actor } from '@/lib/server/quizzes/lifecycle';
import { serverTranslator } from '@/lib/server/http/translate';
import type { QuizView } from '@/lib/validation/quizzes';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

/** The console acts with an operator's rights; id 0 is no account. */
const operatorConsole: Actor = { id: 0, role: 'operator' };

function quizId(text: string): number {
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1) throw new OpsError(`"${text}" is not a quiz id.`);
  return id;
}

/** Domain refusals in the operator's words (English), not as a stack. */
async function asOperator(run: () => Promise<QuizView>): Promise<string> {
  try {
    const view = await run();
    return `Quiz ${view.guess_id} "${view.question}": ${view.status}${view.winner ? `, winner ${view.winner}` : ''}; pool ${(view.pool / 100).toFixed(2)} from ${view.bettors} bettors.`;
  } catch (error) {
    if (error instanceof AppError) throw new OpsError(serverTranslator('en-US')(error.key, error.params));
    throw error;
  }
}

export const quizCloseCommand: OpsCommand = {
  name: 'quiz:close',
  usage: '<quiz id>',
  summary: "end a quiz's betting now (bets are refused from this moment; draw it next)",
  async run(args, database) {
    const [id] = parseCommandArgs(quizCloseCommand, args, {}, ['quiz id']).positionals;
    const db = await database();
    return asOperator(() => closeBetting(db, quizId(id)));
  },
};

export const quizDrawCommand: OpsCommand = {
  name: 'quiz:draw',
  usage: '<quiz id> <A|B>',
  summary: 'draw a quiz whose betting has closed and pay the winners (drawing again changes nothing)',
  async run(args, database) {
    const [id, winner] = parseCommandArgs(quizDrawCommand, args, {}, ['quiz id', 'winner']).positionals;
    if (winner !== 'A' && winner !== 'B') throw new OpsError(`The winner is A or B, not "${winner}".`);
    const db = await database();
    return asOperator(() => drawAndSettle(db, operatorConsole, quizId(id), winner));
  },
};

export const quizCancelCommand: OpsCommand = {
  name: 'quiz:cancel',
  usage: '<quiz id>',
  summary: 'cancel a quiz: every stake refunded, or after the draw the bonuses withdrawn (what was spent becomes debt)',
  async run(args, database) {
    const [id] = parseCommandArgs(quizCancelCommand, args, {}, ['quiz id']).positionals;
    const db = await database();
    return asOperator(() => cancelQuiz(db, operatorConsole, quizId(id)));
  },
};
