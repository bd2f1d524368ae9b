import 'server-only';
// Starting and ending lives and planned lives (spec §3 start-live and planned-live payloads, §4 start live,
// §5 live form). Every function acts on the calling anchor's own lives only.
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorRooms, competitions, liveCategories, livePlans, lives, matches, users, type Live, type LivePlan } from '@/lib/db/schema';
import { liveRoomPath } from '@/lib/routes';
import { getAppConfig } from '@/lib/server/config/app-config';
import { AppError } from '@/lib/server/http/errors';
import { getMediaAddresses } from '@/lib/server/media/registry';
import { anchorSecretFor } from '@/lib/server/media/signing';
import { currentStreamKey } from '@/lib/server/media/stream-keys';
import { resolveCover } from '@/lib/server/storage';
import type { EndLiveReply, PlanCreateInput, PlanView, PublicPlan, StartedLive, StartLiveInput } from '@/lib/validation/live';
import { findOpenLive, finishLive } from '@/lib/server/live-state/state';

export type LiveFields = {
  title: string;
  categoryId: number;
  childCategoryId: number;
  matchId: number;
  cover: string;
  coverVertical: string;
  ticket: number;
  enableWebrtc: boolean;
  planId?: number;
};

/** The secondary category must belong to the category; a match must be one of that sport, live or still to come. */
async function checkCategoryAndMatch(db: Db, categoryId: number, childCategoryId: number, matchId: number): Promise<void> {
  const rows = await db.select().from(liveCategories).where(inArray(liveCategories.id, [categoryId, childCategoryId]));
  const category = rows.find((row) => row.id === categoryId && row.parentId === null);
  if (!category) throw new AppError('live.validation.categoryRequired');
  if (!rows.some((row) => row.id === childCategoryId && row.parentId === categoryId)) throw new AppError('live.validation.childCategoryRequired');
  if (matchId === 0) return;
  const [match] = await db
    .select({ status: matches.status, sportId: competitions.sportId })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .where(eq(matches.id, matchId));
  if (!match || match.sportId !== categoryId) throw new AppError('live.errors.matchNotFound');
  if (match.status === 'finished') throw new AppError('live.errors.matchFinished');
}

/** Opens a live in state "waiting" on the anchor's current stream name; the room remembers the settings. */
export async function openLive(db: Db, anchorId: number, fields: LiveFields): Promise<Live> {
  const key = await currentStreamKey(db, anchorId);
  try {
    return await db.transaction(async (tx) => {
      // What the live shows is also what the room shows until the next live.
      const shown = {
        title: fields.title,
        categoryId: fields.categoryId,
        childCategoryId: fields.childCategoryId,
        matchId: fields.matchId || null,
        cover: fields.cover,
        coverVertical: fields.coverVertical,
      };
      const [live] = await tx
        .insert(lives)
        .values({ anchorId, stream: key.stream, ...shown, ticket: fields.ticket, enableWebrtc: fields.enableWebrtc, planId: fields.planId ?? null })
        .returning();
      const room = { ...shown, updatedAt: new Date() };
      await tx.insert(anchorRooms).values({ anchorId, ...room }).onConflictDoUpdate({ target: anchorRooms.anchorId, set: room });
      if (fields.planId !== undefined) {
        const [plan] = await tx
          .update(livePlans)
          .set({ status: 'started', liveId: live.id })
          .where(and(eq(livePlans.id, fields.planId), eq(livePlans.anchorId, anchorId), eq(livePlans.status, 'planned')))
          .returning({ id: livePlans.id });
        // Cancelled or started in the meantime: nothing is opened.
        if (!plan) throw new AppError('live.errors.planNotPlanned');
      }
      return live;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The partial unique index allows one open live per anchor: a second start (two tabs) lands here.
    if (await findOpenLive(db, anchorId)) throw new AppError('live.errors.alreadyLive');
    throw error;
  }
}

const started = (live: Live): StartedLive => ({ live_id: live.id, anchor_id: live.anchorId, status: live.status, room_path: liveRoomPath(live.anchorId) });

/** POST /webapi/live/startLive */
export async function startLive(db: Db, anchorId: number, brandId: string, input: StartLiveInput): Promise<StartedLive> {
  if (await findOpenLive(db, anchorId)) throw new AppError('live.errors.alreadyLive');
  await checkCategoryAndMatch(db, input.category, input.cateid, input.match_id);
  if (input.ticket_toogle === 1 && (await getAppConfig(db, brandId)).ticket_switch !== 1) throw new AppError('live.errors.ticketsOff');
  if (input.enable_webrtc === 1 && !getMediaAddresses().offersWebrtc) throw new AppError('live.errors.webrtcUnavailable');
  // The dialog sends back the credentials it showed; stale ones mean the key was reset in another tab.
  const key = await currentStreamKey(db, anchorId);
  if ((input.stream && input.stream !== key.stream) || (input.anchor_secret && input.anchor_secret !== anchorSecretFor(key.stream))) {
    throw new AppError('live.errors.staleStreamKey');
  }
  const live = await openLive(db, anchorId, {
    title: input.title,
    categoryId: input.category,
    childCategoryId: input.cateid,
    matchId: input.match_id,
    cover: await resolveCover(input.thumb, anchorId),
    coverVertical: await resolveCover(input.thumb_y, anchorId),
    ticket: input.ticket_toogle === 1 ? input.ticket : 0,
    enableWebrtc: input.enable_webrtc === 1,
  });
  return started(live);
}

/** POST /webapi/live/endLive: ends the caller's open live. */
export async function endOwnLive(db: Db, anchorId: number): Promise<EndLiveReply> {
  const live = await findOpenLive(db, anchorId);
  if (!live) throw new AppError('live.errors.notLive');
  await finishLive(db, live.id, 'anchor');
  return { live_id: live.id };
}

function planView(plan: LivePlan): PlanView {
  return {
    id: plan.id,
    anchor_id: plan.anchorId,
    title: plan.title,
    category_id: plan.categoryId,
    child_category_id: plan.childCategoryId,
    match_id: plan.matchId ?? 0,
    thumb: plan.cover,
    ticket: plan.ticket,
    plan_time: Math.floor(plan.planTime.getTime() / 1000),
    status: plan.status,
    live_id: plan.liveId ?? 0,
  };
}

/** POST /api/live/anchor_plan_create. `anchor_id` must be the caller's own (or 0). */
export async function createPlan(db: Db, anchorId: number, brandId: string, input: PlanCreateInput): Promise<PlanView> {
  if (input.anchor_id !== 0 && input.anchor_id !== anchorId) throw new AppError('api.errors.forbidden');
  await checkCategoryAndMatch(db, input.category_id, input.child_category_id, input.match_id);
  if (input.ticket > 0 && (await getAppConfig(db, brandId)).ticket_switch !== 1) throw new AppError('live.errors.ticketsOff');
  const [plan] = await db
    .insert(livePlans)
    .values({
      anchorId,
      title: input.title,
      categoryId: input.category_id,
      childCategoryId: input.child_category_id,
      matchId: input.match_id || null,
      cover: await resolveCover(input.thumb, anchorId),
      ticket: input.ticket,
      planTime: input.plan_time,
    })
    .returning();
  return planView(plan);
}

export async function listOwnPlans(db: Db, anchorId: number, status: LivePlan['status'] | 'all'): Promise<PlanView[]> {
  const rows = await db
    .select()
    .from(livePlans)
    .where(status === 'all' ? eq(livePlans.anchorId, anchorId) : and(eq(livePlans.anchorId, anchorId), eq(livePlans.status, status)))
    .orderBy(status === 'planned' ? asc(livePlans.planTime) : desc(livePlans.planTime))
    .limit(200);
  return rows.map(planView);
}

/** The caller's plan, still planned; anyone else's plan is "not found", whatever its id. */
async function ownPlannedPlan(db: Db, anchorId: number, planId: number): Promise<LivePlan> {
  const [plan] = await db.select().from(livePlans).where(and(eq(livePlans.id, planId), eq(livePlans.anchorId, anchorId)));
  if (!plan) throw new AppError('live.errors.planNotFound');
  if (plan.status !== 'planned') throw new AppError('live.errors.planNotPlanned');
  return plan;
}

export async function cancelPlan(db: Db, anchorId: number, planId: number): Promise<PlanView> {
  await ownPlannedPlan(db, anchorId, planId);
  const [plan] = await db
    .update(livePlans)
    .set({ status: 'cancelled' })
    .where(and(eq(livePlans.id, planId), eq(livePlans.anchorId, anchorId), eq(livePlans.status, 'planned')))
    .returning();
  if (!plan) throw new AppError('live.errors.planNotPlanned');
  return planView(plan);
}

/** Starts a planned live now: the plan's settings, the vertical cover as both covers. */
export async function startPlan(db: Db, anchorId: number, planId: number): Promise<StartedLive> {
  const plan = await ownPlannedPlan(db, anchorId, planId);
  if (await findOpenLive(db, anchorId)) throw new AppError('live.errors.alreadyLive');
  await checkCategoryAndMatch(db, plan.categoryId, plan.childCategoryId, plan.matchId ?? 0);
  const live = await openLive(db, anchorId, {
    title: plan.title,
    categoryId: plan.categoryId,
    childCategoryId: plan.childCategoryId,
    matchId: plan.matchId ?? 0,
    cover: plan.cover,
    coverVertical: plan.cover,
    ticket: plan.ticket,
    enableWebrtc: false,
    planId: plan.id,
  });
  return started(live);
}

/** Upcoming planned lives of every anchor, soonest first (/schedule-preview). */
export async function listUpcomingPlans(db: Db, page: number, size: number, now = new Date()): Promise<PublicPlan[]> {
  const rows = await db
    .select({ plan: livePlans, nickName: users.nickName, avatar: users.avatar })
    .from(livePlans)
    .innerJoin(users, eq(users.id, livePlans.anchorId))
    .where(and(eq(livePlans.status, 'planned'), gte(livePlans.planTime, new Date(now.getTime() - 3_600_000))))
    .orderBy(asc(livePlans.planTime))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map(({ plan, nickName, avatar }) => ({ ...planView(plan), nick_name: nickName, avatar }));
}
