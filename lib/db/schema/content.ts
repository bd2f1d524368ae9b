// Editorial content: news articles, site notices, activities, banners, ad jump links and the
// help/about/legal pages. Rows with brand '*' show on every brand.
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale, LocalizedText } from '@/lib/i18n/locales';
import { sitePageKinds, type ContentBlock } from '../../validation/content';
import { newsKinds } from '../../validation/news';
import { competitions, matches, teams } from './matches';

// The vocabularies the replies carry are defined with them (lib/validation/content.ts, news.ts).
export { jumpTypes, sitePageKinds, type ContentBlock, type SitePageKind } from '../../validation/content';
export { newsKinds, type NewsKind } from '../../validation/news';

/** Blocks per locale; a locale that is missing falls back to en-US. */
export type LocalizedBlocks = Partial<Record<Locale, ContentBlock[]>> & { 'en-US': ContentBlock[] };

/** Text that may exist in only one language (an article written for one audience). */
export type PartialLocalizedText = Partial<Record<Locale, string>>;
export type PartialLocalizedBlocks = Partial<Record<Locale, ContentBlock[]>>;

export const newsArticles = pgTable(
  'news_articles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    brandId: text('brand_id').notNull().default('*'),
    kind: text('kind', { enum: newsKinds }).notNull().default('news'),
    // The languages the article is written in; it is listed only for readers of these.
    locales: text('locales').array().$type<Locale[]>().notNull(),
    title: jsonb('title').$type<PartialLocalizedText>().notNull(),
    summary: jsonb('summary').$type<PartialLocalizedText>().notNull(),
    body: jsonb('body').$type<PartialLocalizedBlocks>().notNull(),
    coverUrl: text('cover_url').notNull(),
    // Tag keys (labels live in messages/*/news.json under tags).
    tags: text('tags').array().$type<string[]>().notNull().default([]),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    competitionId: integer('competition_id').references(() => competitions.id, { onDelete: 'set null' }),
    // Null while unpublished: a match report waits for its match to finish.
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // Set by an editor for an article that goes away on its own (an offer, a ticket window); null keeps it.
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_published_idx').on(table.publishedAt), index('news_match_idx').on(table.matchId)],
);
export type NewsArticle = typeof newsArticles.$inferSelect;

export const newsArticleTeams = pgTable(
  'news_article_teams',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.teamId] }), index('news_article_teams_team_idx').on(table.teamId)],
);

/** The /notice page's announcements; an urgent one is what /urgent shows. */
export const notices = pgTable('notices', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  brandId: text('brand_id').notNull().default('*'),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  body: jsonb('body').$type<LocalizedBlocks>().notNull(),
  urgent: boolean('urgent').notNull().default(false),
  pinned: boolean('pinned').notNull().default(false),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
export type Notice = typeof notices.$inferSelect;

export const activities = pgTable('activities', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  brandId: text('brand_id').notNull().default('*'),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  summary: jsonb('summary').$type<LocalizedText>().notNull(),
  body: jsonb('body').$type<LocalizedBlocks>().notNull(),
  coverUrl: text('cover_url').notNull(),
  // Where the activity's call to action leads (a site path or an absolute URL); null for none.
  actionUrl: text('action_url'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  sortOrder: integer('sort_order').notNull().default(0),
});
export type Activity = typeof activities.$inferSelect;

/** Spec §3 banner placements (getLongMenAg's category): 6 on the home page, 11 elsewhere. */
export const bannerCategories = { home: 6, elsewhere: 11 } as const;
/** Spec §7 getLongMenAg equipment: 1 is the web site. */
export const bannerEquipment = { web: 1 } as const;
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brandId: text('brand_id').notNull().default('*'),
    category: integer('category').notNull(),
    equipment: integer('equipment').notNull().default(1),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    jumpUrl: text('jump_url').notNull(),
    jumpType: integer('jump_type').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (table) => [index('banners_placement_idx').on(table.category, table.equipment)],
);
export type Banner = typeof banners.$inferSelect;

/** getAdJumpLink: the URL behind an ad placement (jump_type, default 100), per brand. */
export const adJumpLinks = pgTable(
  'ad_jump_links',
  {
    brandId: text('brand_id').notNull(),
    jumpType: integer('jump_type').notNull(),
    url: text('url').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.jumpType] })],
);

/** Help, about and legal pages, addressed as the routes do: /about/{number}, /privacy/{number}, /protocol/{number}/{channel}. */
export const sitePages = pgTable(
  'site_pages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: sitePageKinds }).notNull(),
    number: integer('number').notNull(),
    brandId: text('brand_id').notNull().default('*'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedBlocks>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('site_pages_address_key').on(table.kind, table.number, table.brandId)],
);
export type SitePage = typeof sitePages.$inferSelect;
