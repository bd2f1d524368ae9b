// The rankings from the browser: a live room's contributors and the viewer's place on a talent list. Replies are
// typed by lib/validation/ranking.ts (the server builds them with the same types).
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import type { RankingPeriod, TalentBoard } from '@/lib/validation/ranking-constants';
import type { RoomRankingReply, TalentRankingReply } from '@/lib/validation/ranking';

const rankingQueryKeys = {
  room: (anchorId: number, period: RankingPeriod, viewerId: number | null) => ['ranking', 'room', anchorId, period, viewerId] as const,
  talent: (board: TalentBoard, period: RankingPeriod, viewerId: number | null) => ['ranking', 'talent', board, period, viewerId] as const,
};

export function roomRankingQuery(anchorId: number, period: RankingPeriod, viewerId: number | null) {
  return queryOptions({
    queryKey: rankingQueryKeys.room(anchorId, period, viewerId),
    queryFn: () => api.post<RoomRankingReply>('/api/ranking/room', { anchor_id: anchorId, period }),
    // Today's list is kept current by the room's rankRep; the others are read again when shown after a while.
    staleTime: 15_000,
  });
}

export function talentRankingQuery(board: TalentBoard, period: RankingPeriod, viewerId: number | null) {
  return queryOptions({
    queryKey: rankingQueryKeys.talent(board, period, viewerId),
    queryFn: () => api.post<TalentRankingReply>('/api/ranking/list', { board, period }),
    staleTime: 15_000,
  });
}
