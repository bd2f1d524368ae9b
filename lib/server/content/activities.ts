import 'server-only';
// Activities (the /activity list and /activity_details/{id}), per brand and language.
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { activities, type Activity } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import { activityDetailPath } from '@/lib/routes';
import type { ActivityView } from '@/lib/validation/content';

type Scope = { brandId: string; locale: Locale; now?: Date };

function view(activity: Activity, locale: Locale, now: Date): ActivityView {
  return {
    id: activity.id,
    path: activityDetailPath(activity.id),
    title: pickText(activity.title, locale),
    summary: pickText(activity.summary, locale),
    body: activity.body[locale] ?? activity.body['en-US'],
    coverUrl: activity.coverUrl,
    actionUrl: activity.actionUrl,
    startsAt: activity.startsAt.toISOString(),
    endsAt: activity.endsAt?.toISOString() ?? null,
    ended: activity.endsAt !== null && activity.endsAt <= now,
  };
}

/** Started activities, running ones first by their order, then ended ones newest first. */
export async function listActivities(db: Db, scope: Scope): Promise<ActivityView[]> {
  const now = scope.now ?? new Date();
  const rows = await db
    .select()
    .from(activities)
    .where(and(inArray(activities.brandId, ['*', scope.brandId]), lte(activities.startsAt, now)))
    .orderBy(asc(activities.sortOrder), desc(activities.startsAt));
  const views = rows.map((row) => view(row, scope.locale, now));
  return [...views.filter((activity) => !activity.ended), ...views.filter((activity) => activity.ended)];
}

export async function getActivity(db: Db, id: number, scope: Scope): Promise<ActivityView | null> {
  const now = scope.now ?? new Date();
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, id), inArray(activities.brandId, ['*', scope.brandId]), lte(activities.startsAt, now)));
  return row ? view(row, scope.locale, now) : null;
}
