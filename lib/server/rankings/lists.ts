import 'server-only';
// The rankings' two API reads: a live room's contributors, and the talent lists of /ranking, which the brand's
// app config can hide (talent_list_status 0: the page is gone from the header and the API says so).
import type { Db } from '@/lib/db';
import { getAppConfig } from '@/lib/server/config/app-config';
import { AppError } from '@/lib/server/http/errors';
import type { RoomRankingInput, RoomRankingReply, TalentRankingInput, TalentRankingReply } from '@/lib/validation/ranking';
import { rankingStoreFor } from './index';
import { readAnchorRanking, readRanking } from './read';

export async function readRoomRanking(db: Db, input: RoomRankingInput, viewerId: number | undefined, now = new Date()): Promise<RoomRankingReply> {
  return readRanking(db, rankingStoreFor(db), `room:${input.anchor_id}`, input.period, viewerId, now);
}

/** Whether the brand shows its talent lists (spec §1: /ranking only when talent_list_status is 1). */
export async function talentListShown(db: Db, brandId: string): Promise<boolean> {
  return (await getAppConfig(db, brandId)).talent_list_status === 1;
}

export async function readTalentRanking(db: Db, brandId: string, input: TalentRankingInput, viewerId: number | undefined, now = new Date()): Promise<TalentRankingReply> {
  if (!(await talentListShown(db, brandId))) throw new AppError('ranking.errors.hidden');
  const store = rankingStoreFor(db);
  return input.board === 'anchors' ? readAnchorRanking(db, store, input.period, viewerId, now) : readRanking(db, store, 'users', input.period, viewerId, now);
}
