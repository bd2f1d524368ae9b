// The rankings' plain constants, without zod: the live room's panel and the /ranking page need them on every render
// and pay for no schema (lib/validation/ranking.ts holds the shapes).

/** Spec §2.2 ranking periods: today, this week (Monday to Sunday), since the start. */
export const rankingPeriods = ['day', 'week', 'all'] as const;
export type RankingPeriod = (typeof rankingPeriods)[number];

/** The /ranking page's talent lists: anchors by income, users by spending. */
export const talentBoards = ['anchors', 'users'] as const;
export type TalentBoard = (typeof talentBoards)[number];

/** Rows a ranking shows (spec §9 page size 20). */
export const rankingPageSize = 20;
