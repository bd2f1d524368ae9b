// Editorial content (spec §3, §7): banners and their jump types, ad links, notices, activities and the help, about
// and legal pages; rich text as plain blocks. The inputs of the content calls and the shapes the server builds for
// their replies and for the content pages.
import { z } from 'zod';

const wholeNumber = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(0, message).max(max, message);

/** /api/home/getLongMenAg: spec §7 sends equipment 1 and category 6 (home page) or 11 (elsewhere). */
export const getLongMenAgInput = z.object({
  equipment: wholeNumber('content.validation.equipment', 99).default(1),
  category: wholeNumber('content.validation.category', 9_999),
});

/** /api/activity/getAdJumpLink: jump_type defaults to 100 (spec §7). */
export const getAdJumpLinkInput = z.object({ jump_type: wholeNumber('content.validation.jumpType', 1_000_000).default(100) });

// ── Rich text ───────────────────────────────────────────────────────────────────────────────────

/** Rich text as plain blocks: renders without parsing HTML, so stored text can never inject markup. */
export const contentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
  z.object({ type: z.literal('table'), caption: z.string().optional(), head: z.array(z.string()), rows: z.array(z.array(z.string())) }),
]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

// ── Banners and ad links ────────────────────────────────────────────────────────────────────────

/**
 * What a banner's jump_url means: 1 a path on this site, 2 an external page (new tab),
 * 3 a live room (anchor id), 4 a match (match id), 100 an ad link resolved by getAdJumpLink.
 */
export const jumpTypes = { sitePath: 1, externalUrl: 2, liveRoom: 3, match: 4, adLink: 100 } as const;

/** One banner as getLongMenAg answers it. */
const bannerViewSchema = z.object({ id: z.number(), title: z.string(), image: z.string(), jump_url: z.string(), jump_type: z.number() });
export type BannerView = z.infer<typeof bannerViewSchema>;
/** Where a banner leads once the server resolved its jump (a match id to the match's page, a room id to the room). */
export type BannerTarget = { kind: 'site'; href: string } | { kind: 'external'; href: string } | { kind: 'adLink'; jumpType: number } | { kind: 'none' };
export type BannerWithTarget = BannerView & { target: BannerTarget };
/** /api/home/getLongMenAg: the placement's banners in order. */
export const getLongMenAgReply = z.array(bannerViewSchema);

/** /api/activity/getAdJumpLink: the URL behind an ad placement. */
export const adJumpLinkReply = z.object({ url: z.string() });
export type AdJumpLink = z.infer<typeof adJumpLinkReply>;

// ── Notices, activities, site pages (rendered by the content pages) ─────────────────────────────

export const noticeViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.array(contentBlockSchema),
  urgent: z.boolean(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export type NoticeView = z.infer<typeof noticeViewSchema>;

export const activityViewSchema = z.object({
  id: z.number(),
  path: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.array(contentBlockSchema),
  coverUrl: z.string(),
  actionUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** Over: the end has passed (still listed, marked as ended). */
  ended: z.boolean(),
});
export type ActivityView = z.infer<typeof activityViewSchema>;

export const sitePageKinds = ['help', 'about', 'protocol', 'privacy', 'download', 'certificate'] as const;
export type SitePageKind = (typeof sitePageKinds)[number];

/** A help, about, legal or download page: the brand's own version when it has one, else the shared one. */
export const sitePageViewSchema = z.object({
  kind: z.enum(sitePageKinds),
  number: z.number(),
  title: z.string(),
  body: z.array(contentBlockSchema),
  updatedAt: z.string(),
});
export type SitePageView = z.infer<typeof sitePageViewSchema>;

