// The console's news editor (docs/admin.md, "News"): the list's filters, an article as the editor opens it, and the
// save action's input, shared by the form and the route. An article is written in one language or both; it is a
// draft, published now, or scheduled, and may be given a time to come down.
import { z } from 'zod';
import { contentScopes, consoleText, type ContentScope } from './admin';
import { newsKinds, type NewsKind } from './news';

/** What an article is at a moment: not published, waiting for its time, on the site, or taken down by its time. */
export type NewsState = 'draft' | 'scheduled' | 'published' | 'ended';

export const newsPublishModes = ['draft', 'now', 'at'] as const;
export type NewsPublishMode = (typeof newsPublishModes)[number];

/** What the editor writes: match reports are the match feed's (tables of line-ups the Markdown subset cannot hold). */
export const editableNewsKinds = ['news', 'preview'] as const satisfies readonly NewsKind[];

/** The default cover of an article saved without one. */
export const defaultNewsCover = '/covers/news.svg';

const optionalText = (max: number, tooLong: string) => consoleText('admin.errors.newsText', z.string().trim().max(max, tooLong)).default('');
// An instant as the editor sends it (the browser turns the operator's local time into UTC), or '' for none.
const isoInstant = z.iso.datetime();
// This century: a year 0 or 9999 is a slip of the keyboard (and Postgres refuses year 0).
const sensibleInstant = (value: string) => isoInstant.safeParse(value).success && value >= '2000' && value < '2100';
const instant = z
  .string('admin.errors.newsTime')
  .refine((value) => value === '' || sensibleInstant(value), 'admin.errors.newsTime')
  .default('');

/** POST /api/admin/saveNews: a new article (id 0) or a change to one, with when it is published. */
export const newsSaveInput = z
  .object({
    id: z.coerce.number('admin.errors.newsUnknown').int('admin.errors.newsUnknown').min(0, 'admin.errors.newsUnknown').max(2_147_483_647, 'admin.errors.newsUnknown').default(0),
    scope: z.enum(contentScopes, 'admin.errors.newsUnknown'),
    kind: z.enum(editableNewsKinds, 'admin.errors.newsKind'),
    title_en: optionalText(120, 'admin.errors.newsTitleTooLong'),
    title_zh: optionalText(120, 'admin.errors.newsTitleTooLong'),
    summary_en: optionalText(300, 'admin.errors.newsSummaryTooLong'),
    summary_zh: optionalText(300, 'admin.errors.newsSummaryTooLong'),
    // Markdown (lib/format/markdown-blocks.ts), as the site-page editor takes it.
    body_en: optionalText(20_000, 'admin.errors.newsBodyTooLong'),
    body_zh: optionalText(20_000, 'admin.errors.newsBodyTooLong'),
    // Tag keys, separated by commas or spaces.
    tags: z
      .string('admin.errors.newsTags')
      .max(400, 'admin.errors.newsTags')
      .default('')
      .transform((value) => [...new Set(value.split(/[\s,，]+/).filter(Boolean))])
      .pipe(z.array(z.string().regex(/^[a-z0-9-]{1,40}$/, 'admin.errors.newsTags')).max(8, 'admin.errors.newsTags')),
    // A path on this site or an https address; '' for the default cover.
    cover_url: z
      .string('admin.errors.newsCover')
      .trim()
      .max(500, 'admin.errors.newsCover')
      .regex(/^$|^\/(?!\/)[^\s]*$|^https:\/\/[^\s/]+\/[^\s]*$/, 'admin.errors.newsCover')
      .default(''),
    publish: z.enum(newsPublishModes, 'admin.errors.newsPublish'),
    publish_at: instant,
    unpublish_at: instant,
  })
  .superRefine((input, context) => {
    const languages = [
      [input.title_en, input.body_en],
      [input.title_zh, input.body_zh],
    ];
    if (languages.some(([title, body]) => (title === '') !== (body === ''))) context.addIssue({ code: 'custom', message: 'admin.errors.newsLanguageIncomplete', path: ['title_en'] });
    else if (languages.every(([title]) => title === '')) context.addIssue({ code: 'custom', message: 'admin.errors.newsNoLanguage', path: ['title_en'] });
    if (input.publish === 'at' && input.publish_at === '') context.addIssue({ code: 'custom', message: 'admin.errors.newsTime', path: ['publish_at'] });
  });
export type NewsSaveInput = z.output<typeof newsSaveInput>;

/** /admin/news?kind=&page=: a page of the brand's articles and the shared ones, newest first. */
export const newsConsoleQuery = z.object({
  kind: z.enum(newsKinds).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type NewsConsoleQuery = z.output<typeof newsConsoleQuery>;

export type NewsEntry = {
  id: number;
  title: string;
  kind: NewsKind;
  scope: ContentScope;
  languages: Array<'en-US' | 'zh-CN'>;
  state: NewsState;
  publishedAt: string | null;
  unpublishAt: string | null;
  updatedAt: string;
  path: string;
};

export type NewsConsolePage = { articles: NewsEntry[]; total: number; page: number; pages: number };

/** The editor's article: a new one has id 0 and no times. */
export type NewsDraft = {
  id: number;
  scope: ContentScope;
  kind: (typeof editableNewsKinds)[number];
  title: { 'en-US': string; 'zh-CN': string };
  summary: { 'en-US': string; 'zh-CN': string };
  body: { 'en-US': string; 'zh-CN': string };
  tags: string[];
  coverUrl: string;
  state: NewsState;
  publishedAt: string | null;
  unpublishAt: string | null;
  updatedAt: string | null;
  path: string | null;
};
