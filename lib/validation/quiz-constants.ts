// The quiz vocabulary the live room and the user centre need without the schemas (lib/validation/quizzes.ts holds
// those): spec §4 statuses and bet results, §5 limits, the match markets a quiz can follow.

/**
 * Spec §4 quiz statuses, plus `not_started` (created, not yet opened by the anchor's start dialog). `to_be_drawn` is
 * an `in_progress` quiz whose close time has passed: betting is shut, the result is awaited.
 */
export const quizStatuses = ['not_started', 'in_progress', 'to_be_drawn', 'cancelled', 'prize_drawn', 'cancelled_after_draw', 'closed'] as const;
export type QuizStatus = (typeof quizStatuses)[number];

/** Spec §4 bet results. */
export const betResults = ['to_be_calculated', 'did_not_win', 'won', 'refunded', 'bonus_withdrawn'] as const;
export type BetResult = (typeof betResults)[number];

/** The two sides of every quiz (spec §3: options A and B). */
export const quizOptions = ['A', 'B'] as const;
export type QuizOption = (typeof quizOptions)[number];

/** What a match-linked quiz settles on: A is the home side (or "over"), B the away side (or "under"). */
export const matchMarkets = ['first_scorer', 'full_time', 'over_under'] as const;
export type MatchMarket = (typeof matchMarkets)[number];

/** Stakes and payouts are in the free currency (`gold`, shown as diamonds), integer hundredths. */
export const quizCurrency = 'gold' as const;

/** Spec §5/§9. */
export const quizQuestionMaxWords = 16;
export const quizOptionMaxWords = 8;
export const quizCloseMinMinutes = 10;
/** The smallest minimum bet an anchor may set (1.00) and the largest single stake (1 000 000.00). */
export const quizMinBetFloor = 100;
export const quizStakeMax = 100_000_000;
export const quizIdempotencyKeyMax = 100;

/** The quiz lists (guess list, bet history, guessing management) come 20 to a page (spec §9 pages of 20). */
export const quizListPageSize = 20;
