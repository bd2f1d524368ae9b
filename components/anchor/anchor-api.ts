// The anchor's own calls (spec §7, docs/live.md): application, push credentials, the start-live dialog's pickers,
// covers, starting, planning and ending lives. Replies are parsed with their schemas (lib/validation/live.ts,
// matches.ts, anchor-studio.ts), so a reply without the promised shape rejects.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError } from '@/lib/http';
import { encoderStatusPollMs, encoderStatusReply, liveSummaryReply, type EncoderStatus, type LiveSummary } from '@/lib/validation/anchor-studio';
import {
  anchorInfoReply,
  applicationReply,
  categoriesReply,
  coverUploadReply,
  endLiveReply,
  planViewSchema,
  roomInfoReply,
  startedLiveReply,
  streamInfoReply,
  uploadCredentialsReply,
  uploadIdPhotoReply,
  type AnchorApplyInput,
  type AnchorInfo,
  type ApplicationView,
  type EndLiveReply,
  type LiveCategory,
  type PlanCreateInput,
  type RoomInfo,
  type StartedLive,
  type StartLiveInput,
  type StreamInfo,
} from '@/lib/validation/live';
import { sportCompetitionItem, sportMatchItem } from '@/lib/validation/matches';
import { anchorStatsRefreshMs, anchorStatsReply, type AnchorStatsReply } from '@/lib/validation/anchor-stats';
import { roomManagersReply, type AppointRoomManagerInput, type RemoveRoomManagerInput, type RoomManagersReply } from '@/lib/validation/room-managers';

export const anchorQueryKeys = {
  categories: ['anchor', 'categories'] as const,
  streamInfo: ['anchor', 'streamInfo'] as const,
  competitions: (sportId: number) => ['anchor', 'competitions', sportId] as const,
  matches: (sportId: number, comp: string) => ['anchor', 'matches', sportId, comp] as const,
  plans: ['anchor', 'plans'] as const,
  application: ['anchor', 'application'] as const,
  /** Every anchor's room query (the prefix of `room`). */
  rooms: ['anchor', 'room'] as const,
  room: (anchorId: number) => ['anchor', 'room', anchorId] as const,
  profile: (anchorId: number) => ['anchor', 'profile', anchorId] as const,
  encoderStatus: ['anchor', 'encoderStatus'] as const,
  liveSummary: (liveId: number) => ['anchor', 'liveSummary', liveId] as const,
  roomManagers: ['anchor', 'roomManagers'] as const,
  stats: (days: number) => ['anchor', 'stats', days] as const,
};

/** GET /webapi/live/getCategory: categories with their secondary categories. */
export const categoriesQuery = queryOptions({
  queryKey: anchorQueryKeys.categories,
  queryFn: async (): Promise<LiveCategory[]> => categoriesReply.parse(await api.post('/webapi/live/getCategory')),
  staleTime: 5 * 60_000,
});

/** POST /webapi/live/getStreamInfo: the caller's push address and key. */
export const streamInfoQuery = queryOptions({
  queryKey: anchorQueryKeys.streamInfo,
  queryFn: async (): Promise<StreamInfo> => streamInfoReply.parse(await api.post('/webapi/live/getStreamInfo')),
  staleTime: 0,
});

/** POST /api/anchor/stats: the caller's figures by UTC day (docs/anchor-stats.md), read again while the page is open. */
export const anchorStatsQuery = (days: number) =>
  queryOptions({
    queryKey: anchorQueryKeys.stats(days),
    queryFn: async (): Promise<AnchorStatsReply> => anchorStatsReply.parse(await api.post('/api/anchor/stats', { days })),
    refetchInterval: anchorStatsRefreshMs,
    placeholderData: (previous) => previous,
  });

/** POST /api/anchor/roomManagers: the caller's room managers (docs/room-managers.md). */
export const roomManagersQuery = queryOptions({
  queryKey: anchorQueryKeys.roomManagers,
  queryFn: async (): Promise<RoomManagersReply> => roomManagersReply.parse(await api.post('/api/anchor/roomManagers')),
  staleTime: 0,
});

/** Appoints a viewer (an id or an exact nickname); the reply is the room's managers after it. */
export async function appointRoomManager(user: string): Promise<RoomManagersReply> {
  return roomManagersReply.parse(await api.post('/api/anchor/appointRoomManager', { user } satisfies AppointRoomManagerInput));
}

export async function removeRoomManager(userId: number): Promise<RoomManagersReply> {
  return roomManagersReply.parse(await api.post('/api/anchor/removeRoomManager', { user_id: userId } satisfies RemoveRoomManagerInput));
}

/** POST /webapi/live/resetStreamKey: a new stream name and key; the old ones stop working. */
export async function resetStreamKey(): Promise<StreamInfo> {
  return streamInfoReply.parse(await api.post('/webapi/live/resetStreamKey'));
}

// The pickers parse only the fields of sport_live_match_comp and sport_live_match that they read.
const competitionSchema = sportCompetitionItem.pick({ comp: true, comp_id: true, comp_name: true, open_matches: true });
export type SportCompetition = z.infer<typeof competitionSchema>;

/** POST /api/match/getSportMatchComp: the sport's competitions that still have matches to stream. */
export const competitionsQuery = (sportId: number) =>
  queryOptions({
    queryKey: anchorQueryKeys.competitions(sportId),
    queryFn: async (): Promise<SportCompetition[]> =>
      z.object({ sport_live_match_comp: z.array(competitionSchema) }).parse(await api.post('/api/match/getSportMatchComp', { sport_id: sportId }))
        .sport_live_match_comp,
    staleTime: 60_000,
  });

const sportMatchSchema = sportMatchItem.pick({ match_id: true, home: true, away: true, start_time: true, status: true, round: true });
export type SportMatch = z.infer<typeof sportMatchSchema>;

/** POST /api/match/getSportMatch: that competition's live and upcoming matches. */
export const matchesQuery = (sportId: number, comp: string) =>
  queryOptions({
    queryKey: anchorQueryKeys.matches(sportId, comp),
    queryFn: async (): Promise<SportMatch[]> =>
      z.object({ sport_live_match: z.array(sportMatchSchema) }).parse(await api.post('/api/match/getSportMatch', { sport_id: sportId, comp }))
        .sport_live_match,
    staleTime: 60_000,
  });

const coverExtensions: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/bmp': '.bmp' };

/** Spec §7 {provider}_sts: credentials for one direct upload, or undefined when the site keeps covers itself (status 1). */
async function objectStorageCredentials() {
  try {
    return uploadCredentialsReply.parse(await api.post('/api/oss_sts'));
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'failure') return undefined;
    throw error;
  }
}

/**
 * A cover's stored path: put straight into object storage under images/{filename}{ext} when the site uses it
 * (the SDK loads only then), else POST /api/user/file, where the server checks and re-encodes it.
 */
export async function uploadCover(file: File): Promise<string> {
  const credentials = await objectStorageCredentials();
  if (credentials) {
    const { default: OSS } = await import('ali-oss');
    const client = new OSS({
      region: credentials.region,
      bucket: credentials.bucket,
      accessKeyId: credentials.Credentials.AccessKeyId,
      accessKeySecret: credentials.Credentials.AccessKeySecret,
      stsToken: credentials.Credentials.SecurityToken,
      secure: true,
    });
    const key = `images/${credentials.filename}${coverExtensions[file.type] ?? ''}`;
    await client.put(key, file, { headers: { 'Content-Type': file.type } });
    return key;
  }
  const body = new FormData();
  body.append('file', file);
  return coverUploadReply.parse(await api.post('/api/user/file', body))[0];
}

/** POST /webapi/live/startLive with the §3 start-live payload. */
export async function startLive(payload: StartLiveInput): Promise<StartedLive> {
  return startedLiveReply.parse(await api.post('/webapi/live/startLive', payload));
}

// The live-management list reads these fields of a planned live.
const planSchema = planViewSchema.pick({
  id: true,
  title: true,
  category_id: true,
  child_category_id: true,
  match_id: true,
  thumb: true,
  ticket: true,
  plan_time: true,
  status: true,
});
export type LivePlan = z.infer<typeof planSchema>;

/** POST /api/live/anchor_plan_create with the §3 planned-live payload (`plan_time` in Unix seconds). */
export async function createPlan(payload: Omit<PlanCreateInput, 'plan_time'> & { plan_time: number }): Promise<LivePlan> {
  return planSchema.parse(await api.post('/api/live/anchor_plan_create', payload));
}

/** POST /api/live/anchor_plan_list: the caller's planned lives, soonest first. */
export const plansQuery = queryOptions({
  queryKey: anchorQueryKeys.plans,
  queryFn: async (): Promise<LivePlan[]> => z.object({ list: z.array(planSchema) }).parse(await api.post('/api/live/anchor_plan_list', { status: 'planned' })).list,
});

export async function cancelPlan(planId: number): Promise<void> {
  await api.post('/api/live/anchor_plan_cancel', { plan_id: planId });
}

export async function startPlan(planId: number): Promise<StartedLive> {
  return startedLiveReply.parse(await api.post('/api/live/anchor_plan_start', { plan_id: planId }));
}

/** POST /webapi/live/endLive: ends the caller's open live; its id leads to the live's summary. */
export async function endLive(): Promise<EndLiveReply> {
  return endLiveReply.parse(await api.post('/webapi/live/endLive'));
}

/** POST /api/live/encoderStatus, asked again every couple of seconds while the anchor's studio is open. */
export const encoderStatusQuery = queryOptions({
  queryKey: anchorQueryKeys.encoderStatus,
  queryFn: async (): Promise<EncoderStatus> => encoderStatusReply.parse(await api.post('/api/live/encoderStatus')),
  refetchInterval: encoderStatusPollMs,
  staleTime: 0,
});

/** POST /api/live/liveSummary: an ended live's figures; asked again while its replay is being made. */
export const liveSummaryQuery = (liveId: number) =>
  queryOptions({
    queryKey: anchorQueryKeys.liveSummary(liveId),
    queryFn: async (): Promise<LiveSummary> => liveSummaryReply.parse(await api.post('/api/live/liveSummary', { live_id: liveId })),
    refetchInterval: (query) => (query.state.data?.replay.state === 'processing' ? 3000 : false),
  });

/** POST /api/live/getRoomInfo for the anchor's own room: the open live, if any, and its audience. */
export const roomQuery = (anchorId: number) =>
  queryOptions({
    queryKey: anchorQueryKeys.room(anchorId),
    queryFn: async (): Promise<RoomInfo> => roomInfoReply.parse(await api.post('/api/live/getRoomInfo', { anchor_id: anchorId })),
    staleTime: 0,
  });

/** POST /api/anchor/getAnchorInfo for the anchor centre's figures. */
export const profileQuery = (anchorId: number) =>
  queryOptions({
    queryKey: anchorQueryKeys.profile(anchorId),
    queryFn: async (): Promise<AnchorInfo> => anchorInfoReply.parse(await api.post('/api/anchor/getAnchorInfo', { anchor_id: anchorId })),
  });

/** POST /api/anchor/applyInfo: the caller's application and its status. */
export const applicationQuery = queryOptions({
  queryKey: anchorQueryKeys.application,
  queryFn: async (): Promise<ApplicationView> => applicationReply.parse(await api.post('/api/anchor/applyInfo')),
});

/** POST /api/anchor/uploadIdPhoto: a name only this user can refer to. */
export async function uploadIdPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return uploadIdPhotoReply.parse(await api.post('/api/anchor/uploadIdPhoto', body)).id_photo;
}

/** POST /api/anchor/apply. */
export async function applyAnchor(input: AnchorApplyInput): Promise<ApplicationView> {
  return applicationReply.parse(await api.post('/api/anchor/apply', input));
}
