// The anchor's own calls (spec §7, docs/live.md): application, push credentials, the start-live dialog's pickers,
// covers, starting, planning and ending lives. Replies are parsed, so a reply without the promised shape rejects.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, ApiError } from '@/lib/http';
import { encoderStatusPollMs, encoderStatusReply, liveSummaryReply, type EncoderStatus, type LiveSummary } from '@/lib/validation/anchor-studio';
import { anchorContactTypes, type AnchorApplyInput, type PlanCreateInput, type StartLiveInput } from '@/lib/validation/live';

const text = z.string().catch('');
const count = z.coerce.number().finite().catch(0);

export const anchorQueryKeys = {
  categories: ['anchor', 'categories'] as const,
  streamInfo: ['anchor', 'streamInfo'] as const,
  competitions: (sportId: number) => ['anchor', 'competitions', sportId] as const,
  matches: (sportId: number, comp: string) => ['anchor', 'matches', sportId, comp] as const,
  plans: ['anchor', 'plans'] as const,
  application: ['anchor', 'application'] as const,
  room: (anchorId: number) => ['anchor', 'room', anchorId] as const,
  profile: (anchorId: number) => ['anchor', 'profile', anchorId] as const,
  encoderStatus: ['anchor', 'encoderStatus'] as const,
  liveSummary: (liveId: number) => ['anchor', 'liveSummary', liveId] as const,
};

const categorySchema = z.object({
  id: z.number().int(),
  name: text,
  second_category: z.array(z.object({ id: z.number().int(), name: text })).catch([]),
});
export type LiveCategory = z.infer<typeof categorySchema>;

/** GET /webapi/live/getCategory: categories with their secondary categories. */
export const categoriesQuery = queryOptions({
  queryKey: anchorQueryKeys.categories,
  queryFn: async (): Promise<LiveCategory[]> => z.array(categorySchema).parse(await api.post('/webapi/live/getCategory')),
  staleTime: 5 * 60_000,
});

const streamInfoSchema = z.object({
  push_url: text,
  web_rtc_push_url: text,
  stream: text,
  anchor_secret: text,
  push_server: text,
  push_key: text,
});
export type StreamInfo = z.infer<typeof streamInfoSchema>;

/** POST /webapi/live/getStreamInfo: the caller's push address and key. */
export const streamInfoQuery = queryOptions({
  queryKey: anchorQueryKeys.streamInfo,
  queryFn: async (): Promise<StreamInfo> => streamInfoSchema.parse(await api.post('/webapi/live/getStreamInfo')),
  staleTime: 0,
});

/** POST /webapi/live/resetStreamKey: a new stream name and key; the old ones stop working. */
export async function resetStreamKey(): Promise<StreamInfo> {
  return streamInfoSchema.parse(await api.post('/webapi/live/resetStreamKey'));
}

const competitionSchema = z.object({ comp: z.string(), comp_id: z.number().int(), comp_name: text, open_matches: count });
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

const sportMatchSchema = z.object({
  match_id: z.number().int(),
  home: text,
  away: text,
  start_time: count,
  status: z.enum(['upcoming', 'live']).catch('upcoming'),
  round: text,
});
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

const uploadCredentialsSchema = z.object({
  Credentials: z.object({ AccessKeyId: z.string().min(1), AccessKeySecret: z.string().min(1), SecurityToken: z.string().min(1) }),
  bucket: z.string().min(1),
  region: z.string().min(1),
  filename: z.string().min(1),
});

const coverExtensions: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/bmp': '.bmp' };

/** Spec §7 {provider}_sts: credentials for one direct upload, or undefined when the site keeps covers itself (status 1). */
async function objectStorageCredentials() {
  try {
    return uploadCredentialsSchema.parse(await api.post('/api/oss_sts'));
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
  return z.array(z.string().min(1)).min(1).parse(await api.post('/api/user/file', body))[0];
}

const startedSchema = z.object({ live_id: z.number().int(), anchor_id: z.number().int(), room_path: z.string().min(1) });
export type StartedLive = z.infer<typeof startedSchema>;

/** POST /webapi/live/startLive with the §3 start-live payload. */
export async function startLive(payload: StartLiveInput): Promise<StartedLive> {
  return startedSchema.parse(await api.post('/webapi/live/startLive', payload));
}

const planSchema = z.object({
  id: z.number().int(),
  title: text,
  category_id: count,
  child_category_id: count,
  match_id: count,
  thumb: text,
  ticket: count,
  plan_time: count,
  status: z.enum(['planned', 'started', 'cancelled']),
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
  return startedSchema.parse(await api.post('/api/live/anchor_plan_start', { plan_id: planId }));
}

/** POST /webapi/live/endLive: ends the caller's open live; its id leads to the live's summary. */
export async function endLive(): Promise<{ live_id: number }> {
  return z.object({ live_id: z.number().int() }).parse(await api.post('/webapi/live/endLive'));
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

const roomSchema = z.object({
  title: text,
  cover: text,
  heat: count,
  live: z
    .object({
      live_id: z.number().int(),
      state: z.enum(['waiting', 'live', 'away']).catch('waiting'),
      title: text,
      cover: text,
      cover_v: text,
      started_at: count,
    })
    .nullable()
    .catch(null),
  match: z.object({ home: z.object({ name: text }), away: z.object({ name: text }), competition: text }).nullable().catch(null),
});
export type OwnRoom = z.infer<typeof roomSchema>;

/** POST /api/live/getRoomInfo for the anchor's own room: the open live, if any, and its audience. */
export const roomQuery = (anchorId: number) =>
  queryOptions({
    queryKey: anchorQueryKeys.room(anchorId),
    queryFn: async (): Promise<OwnRoom> => roomSchema.parse(await api.post('/api/live/getRoomInfo', { anchor_id: anchorId })),
    staleTime: 0,
  });

const profileSchema = z.object({ fans: count, replays: count, profile: text, level: count });
export type AnchorProfile = z.infer<typeof profileSchema>;

/** POST /api/anchor/getAnchorInfo for the anchor centre's figures. */
export const profileQuery = (anchorId: number) =>
  queryOptions({
    queryKey: anchorQueryKeys.profile(anchorId),
    queryFn: async (): Promise<AnchorProfile> => profileSchema.parse(await api.post('/api/anchor/getAnchorInfo', { anchor_id: anchorId })),
  });

/** Spec §4 anchor application statuses. */
export const applicationStatus = { notCertified: 0, verifying: 1, verified: 2, failed: 3 } as const;
export type ApplicationStatus = (typeof applicationStatus)[keyof typeof applicationStatus];

const applicationSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  reject_reason: text,
  submitted_at: count,
  reviewed_at: count,
  application: z
    .object({
      real_name: text,
      contact_type: z.enum(anchorContactTypes),
      contact: text,
      id_number: text,
      profile: text,
      phone: text,
      introducer: text,
    })
    .nullable()
    .catch(null),
});
export type ApplicationView = z.infer<typeof applicationSchema>;

/** POST /api/anchor/applyInfo: the caller's application and its status. */
export const applicationQuery = queryOptions({
  queryKey: anchorQueryKeys.application,
  queryFn: async (): Promise<ApplicationView> => applicationSchema.parse(await api.post('/api/anchor/applyInfo')),
});

/** POST /api/anchor/uploadIdPhoto: a name only this user can refer to. */
export async function uploadIdPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return z.object({ id_photo: z.string().min(1) }).parse(await api.post('/api/anchor/uploadIdPhoto', body)).id_photo;
}

/** POST /api/anchor/apply. */
export async function applyAnchor(input: AnchorApplyInput): Promise<ApplicationView> {
  return applicationSchema.parse(await api.post('/api/anchor/apply', input));
}
