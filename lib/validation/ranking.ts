// Rankings (spec §2.2 /ranking, §2.4 item 10): a room's contribution by sender, anchors by income, users by
// spending, each for today, this week and all time. Scores are in hundredths of gems (the diamond currency).
import { z } from 'zod';
import { rankingPeriods, talentBoards } from './ranking-constants';

const period = z.enum(rankingPeriods, { message: 'ranking.errors.badPeriod' });

/** POST /api/ranking/room: one live room's contributors. */
export const roomRankingInput = z.object({
  anchor_id: z.coerce.number({ message: 'ranking.errors.badAnchor' }).int().positive({ message: 'ranking.errors.badAnchor' }),
  period: period.default('day'),
});
export type RoomRankingInput = z.infer<typeof roomRankingInput>;

/** POST /api/ranking/list: a talent list (the /ranking page). */
export const talentRankingInput = z.object({
  board: z.enum(talentBoards, { message: 'ranking.errors.badBoard' }),
  period: period.default('day'),
});
export type TalentRankingInput = z.infer<typeof talentRankingInput>;

const rankingRowSchema = z.object({
  /** 1 for the first place. */
  rank: z.number().int().positive(),
  user_id: z.number().int(),
  nick_name: z.string(),
  avatar: z.string(),
  level: z.number().int(),
  vip_level: z.number().int(),
  /** Hundredths of gems. */
  score: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

/** An anchor's row also says whether they are live now and which room to open. */
const anchorRankingRowSchema = rankingRowSchema.extend({
  /** Spec §4 live state: 0 not started, 1 live, 2 away briefly. */
  live_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The live room's id (/liveMatchesTwo/{room_id}): the anchor's user id. */
  room_id: z.number().int(),
});
export type AnchorRankingRow = z.infer<typeof anchorRankingRowSchema>;

/** The caller's own place: rank 0 means not on the board yet; null for visitors. */
const mineSchema = z.object({ rank: z.number().int().min(0), score: z.number().int() }).nullable();
export type RankingMine = z.infer<typeof mineSchema>;

export const roomRankingReply = z.object({ list: z.array(rankingRowSchema), mine: mineSchema });
export type RoomRankingReply = z.infer<typeof roomRankingReply>;

export const talentRankingReply = z.object({ list: z.array(z.union([anchorRankingRowSchema, rankingRowSchema])), mine: mineSchema });
export type TalentRankingReply = { list: RankingRow[] | AnchorRankingRow[]; mine: RankingMine };
