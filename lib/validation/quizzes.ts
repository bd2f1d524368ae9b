// Quizzes (spec §3 quiz, §4 statuses and bet results, §5 limits): one schema per input, shared by the live room's
// dialogs and the route handlers, and the replies they read. Messages are keys of messages/*/quiz.json.
import { z } from 'zod';
import { pageNumber, pageSize } from './paging';
import { countWords } from './live';
import {
  betResults,
  matchMarkets,
  quizCloseMinMinutes,
  quizIdempotencyKeyMax,
  quizMinBetFloor,
  quizOptionMaxWords,
  quizOptions,
  quizQuestionMaxWords,
  quizStakeMax,
  quizStatuses,
} from './quiz-constants';

const id = (message: string) => z.coerce.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const guessId = id('quiz.validation.guessRequired');
const page = pageNumber('quiz.validation.badPage');
const size = pageSize('quiz.validation.badPage', 50, 20);

const wordsAtMost = (max: number, required: string, tooLong: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(200, tooLong)
    .refine((value) => countWords(value) <= max, tooLong);

/**
 * POST /api/guess/create: spec §3 quiz question and §5 rules. `close_time` is in milliseconds and at least 10 minutes
 * ahead; a quiz linked to a match (`match_id` and `market`) closes at kick-off instead.
 */
export const quizCreateInput = z
  .object({
    question: wordsAtMost(quizQuestionMaxWords, 'quiz.validation.questionRequired', 'quiz.validation.questionTooLong'),
    option_a: wordsAtMost(quizOptionMaxWords, 'quiz.validation.optionRequired', 'quiz.validation.optionTooLong'),
    option_b: wordsAtMost(quizOptionMaxWords, 'quiz.validation.optionRequired', 'quiz.validation.optionTooLong'),
    min_bet: z.coerce
      .number('quiz.validation.minBetRequired')
      .int('quiz.validation.minBetRequired')
      .min(quizMinBetFloor, 'quiz.validation.minBetTooSmall')
      .max(quizStakeMax, 'quiz.validation.minBetTooLarge'),
    close_time: z.coerce.number('quiz.validation.closeTimeRequired').int('quiz.validation.closeTimeRequired').positive('quiz.validation.closeTimeRequired').optional(),
    match_id: z.coerce.number('quiz.validation.badMatch').int('quiz.validation.badMatch').positive('quiz.validation.badMatch').max(2_147_483_647, 'quiz.validation.badMatch').optional(),
    market: z.enum(matchMarkets, 'quiz.validation.badMarket').optional(),
    /** over_under: goals in tenths (25 = 2.5); a half line, so the result is never a push. */
    line_tenths: z.coerce.number('quiz.validation.badLine').int('quiz.validation.badLine').min(5, 'quiz.validation.badLine').max(95, 'quiz.validation.badLine').refine((value) => value % 10 === 5, 'quiz.validation.badLine').optional(),
  })
  .superRefine((value, context) => {
    const linked = value.match_id !== undefined || value.market !== undefined;
    if (linked && (value.match_id === undefined || value.market === undefined)) context.addIssue({ code: 'custom', message: 'quiz.validation.badMarket', path: ['market'] });
    if (value.market === 'over_under' && value.line_tenths === undefined) context.addIssue({ code: 'custom', message: 'quiz.validation.badLine', path: ['line_tenths'] });
    if (!linked && value.close_time === undefined) context.addIssue({ code: 'custom', message: 'quiz.validation.closeTimeRequired', path: ['close_time'] });
    if (!linked && value.close_time !== undefined && value.close_time < Date.now() + quizCloseMinMinutes * 60_000) {
      context.addIssue({ code: 'custom', message: 'quiz.validation.closeTooSoon', path: ['close_time'] });
    }
  });
export type QuizCreateInput = z.infer<typeof quizCreateInput>;

/** POST /api/guess/start, /api/guess/cancel, /api/guess/detail {guess_id}. */
export const guessIdInput = z.object({ guess_id: guessId });

/** POST /api/guess/draw {guess_id, winner}: the anchor (or an operator) names the winning option. */
export const quizDrawInput = z.object({ guess_id: guessId, winner: z.enum(quizOptions, 'quiz.validation.badOption') });

/** POST /api/guess/bet {guess_id, option, amount, idempotency_key}: a stake in hundredths. */
export const quizBetInput = z.object({
  guess_id: guessId,
  option: z.enum(quizOptions, 'quiz.validation.badOption'),
  amount: z.coerce.number('quiz.validation.badAmount').int('quiz.validation.badAmount').positive('quiz.validation.badAmount').max(quizStakeMax, 'quiz.validation.badAmount'),
  idempotency_key: z
    .string('quiz.validation.keyRequired')
    .min(1, 'quiz.validation.keyRequired')
    .max(quizIdempotencyKeyMax, 'quiz.validation.badKey')
    .regex(/^[\w.:-]+$/, 'quiz.validation.badKey'),
});

/** POST /api/guess/list {anchor_id?, settled?, page, size}: the guess list (open, or settled with `settled: 1`). */
export const quizListInput = z.object({
  anchor_id: z.coerce.number('quiz.validation.badId').int('quiz.validation.badId').min(0, 'quiz.validation.badId').max(Number.MAX_SAFE_INTEGER, 'quiz.validation.badId').default(0),
  settled: z.coerce.number('quiz.validation.badId').pipe(z.literal([0, 1], 'quiz.validation.badId')).default(0),
  page,
  size,
});

/** POST /api/guess/room {anchor_id}: the open quizzes of an anchor's room (the live room's quiz panel). */
export const quizRoomInput = z.object({ anchor_id: id('quiz.validation.badId') });

/** POST /api/guess/betHistory, /api/guess/manage {page, size}. */
export const quizPageInput = z.object({ page, size });

const side = z.object({ text: z.string(), pool: z.number(), bettors: z.number(), odds: z.number() });

/** One quiz as every list and the live room show it; pools in hundredths, odds the implied payout per 1.00 staked. */
export const quizViewSchema = z.object({
  guess_id: z.number(),
  anchor_id: z.number(),
  anchor_name: z.string(),
  question: z.string(),
  a: side,
  b: side,
  min_bet: z.number(),
  close_time: z.number(),
  status: z.enum(quizStatuses),
  winner: z.enum(quizOptions).nullable(),
  pool: z.number(),
  bettors: z.number(),
  match_id: z.number().nullable(),
  market: z.enum(matchMarkets).nullable(),
  line_tenths: z.number().nullable(),
});
export type QuizView = z.infer<typeof quizViewSchema>;

export const quizListReply = z.object({ list: z.array(quizViewSchema), total: z.number() });
export type QuizList = z.infer<typeof quizListReply>;

/** POST /api/guess/matches: the matches a new quiz can follow, the live's own first (`live_match_id`). */
export const quizMatchesReply = z.object({
  list: z.array(z.object({ match_id: z.number(), home: z.string(), away: z.string(), competition: z.string(), kickoff_time: z.number() })),
  live_match_id: z.number().nullable(),
});
export type QuizMatches = z.infer<typeof quizMatchesReply>;

/** The wallet after a stake (spec §3 balance update); the room hears the new pools in a `quiz` message. */
export const quizBetReply = z.object({ bal: z.object({ diamond: z.number(), gold: z.number() }), bet_id: z.number() });
export type QuizBetReply = z.infer<typeof quizBetReply>;

/** One row of /user-center/betHistory: the stake, its result and what it paid. */
const betViewSchema = z.object({
  bet_id: z.number(),
  guess_id: z.number(),
  question: z.string(),
  option: z.enum(quizOptions),
  option_text: z.string(),
  amount: z.number(),
  result: z.enum(betResults),
  payout: z.number(),
  status: z.enum(quizStatuses),
  created_at: z.number(),
});

export const betHistoryReply = z.object({ list: z.array(betViewSchema), total: z.number() });
export type BetHistory = z.infer<typeof betHistoryReply>;
