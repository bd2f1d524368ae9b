// What search engines get from the public pages, against the seeded database: canonical addresses on
// each brand's own host, hreflang alternates that proxy.ts honours, the per-brand sitemap and robots.txt,
// and the structured data of a live match and of an article.
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET as robots } from '@/app/robots.txt/route';
import { GET as getSocialImage } from '@/app/social-image/[...path]/route';
import { getBrand, type Brand } from '@/lib/brand/registry';
import { getDb } from '@/lib/db';
import { newsArticleJsonLd, sportsEventJsonLd } from '@/lib/seo/json-ld';
import { clipDescription, pageMetadata } from '@/lib/seo/metadata';
import { siteUrl } from '@/lib/seo/site-url';
import { sitemapXml } from '@/lib/seo/sitemap';
import { getMatchDetail } from '@/lib/server/matches/queries';
import { getNewsArticle, listNews } from '@/lib/server/news/queries';
import { sitemapPages } from '@/lib/server/public-pages/sitemap';
import { proxy } from '@/proxy';

const sportcast = getBrand('sportcast') as Brand;
const qiuba = getBrand('qiuba') as Brand;
// The tests' server port (PORT is unset: 3000): local hosts keep it, as the browser sees them.
const origin = 'http://localhost:3000';

describe('canonical addresses and language alternates', () => {
  it('point to the brand’s first host; the brand’s own language needs no parameter', () => {
    expect(siteUrl(sportcast, '/news_detail/5')).toBe(`${origin}/news_detail/5`);
    expect(siteUrl(sportcast, '/news_detail/5', 'zh-CN')).toBe(`${origin}/news_detail/5?lang=zh-CN`);
    expect(siteUrl(qiuba, '/schedule?date=2026-05-01', 'en-US')).toBe('http://zh.localhost:3000/schedule?date=2026-05-01&lang=en-US');
    expect(siteUrl({ ...qiuba, canonicalOrigin: 'https://www.qiuba.example' }, '/home')).toBe('https://www.qiuba.example/home');
  });

  it('are what a page’s metadata carries, with Open Graph in the page’s language', () => {
    const metadata = pageMetadata({ brand: qiuba, brandName: '球吧直播', locale: 'zh-CN', path: '/worldCup', title: '世界杯', description: '分组与赛程' });
    expect(metadata.title).toEqual({ absolute: '世界杯 · 球吧直播' });
    expect(metadata.alternates).toEqual({
      canonical: 'http://zh.localhost:3000/worldCup',
      languages: { 'zh-CN': 'http://zh.localhost:3000/worldCup', 'en-US': 'http://zh.localhost:3000/worldCup?lang=en-US', 'x-default': 'http://zh.localhost:3000/worldCup' },
    });
    expect(metadata.openGraph).toMatchObject({ url: 'http://zh.localhost:3000/worldCup', locale: 'zh_CN', alternateLocale: ['en_US'], siteName: '球吧直播' });
  });

  it('keep descriptions to what a result page shows', () => {
    const long = 'word '.repeat(60);
    expect(clipDescription(long).length).toBeLessThanOrEqual(160);
    expect(clipDescription(long).endsWith('…')).toBe(true);
    expect(clipDescription('Short and whole.')).toBe('Short and whole.');
  });
});

describe('?lang= in proxy.ts', () => {
  const request = (url: string, headers: Record<string, string> = {}) => new NextRequest(url, { headers: { host: new URL(url).host, ...headers } });

  it('serves the language the alternate names, and remembers it as the visitor’s choice', () => {
    const response = proxy(request('http://localhost:3000/news_detail/5?lang=zh-CN'));
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/sportcast/zh-CN/news_detail/5?lang=zh-CN');
    expect(response.cookies.get('lang')?.value).toBe('zh-CN');
  });

  it('leaves the cookie alone when it already says so, and ignores a language it does not speak', () => {
    expect(proxy(request('http://localhost:3000/home?lang=zh-CN', { cookie: 'lang=zh-CN' })).cookies.get('lang')).toBeUndefined();
    const unknown = proxy(request('http://localhost:3000/home?lang=fr-FR'));
    expect(unknown.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/sportcast/en-US/home?lang=fr-FR');
    expect(unknown.cookies.get('lang')).toBeUndefined();
  });

  it('lets a client-side refresh follow the cookie the language switch just set', () => {
    const refresh = proxy(request('http://localhost:3000/home?lang=zh-CN', { cookie: 'lang=en-US', rsc: '1' }));
    expect(refresh.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/sportcast/en-US/home?lang=zh-CN');
  });
});

describe('sitemap.xml and robots.txt', () => {
  let xml: string;
  beforeAll(async () => {
    xml = sitemapXml(sportcast, await sitemapPages('sportcast'));
  });

  it('lists every match in both languages, with hreflang alternates', async () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const matchUrls = xml.match(/<loc>http:\/\/localhost:3000\/scheduleDetail\/\d+\/2(\?lang=zh-CN)?<\/loc>/g) ?? [];
    expect(matchUrls).toHaveLength(444 * 2);
    expect(xml).toContain(
      `<url><loc>${origin}/scheduleDetail/1064/2</loc><xhtml:link rel="alternate" hreflang="zh-CN" href="${origin}/scheduleDetail/1064/2?lang=zh-CN"/><xhtml:link rel="alternate" hreflang="en-US" href="${origin}/scheduleDetail/1064/2"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}/scheduleDetail/1064/2"/>`,
    );
  });

  it('lists every published article, and none that waits for its match', async () => {
    const { total } = await listNews(await getDb(), { brandId: 'sportcast', locale: 'en-US', size: 1 });
    expect(total).toBeGreaterThan(0);
    const english = xml.match(/<loc>http:\/\/localhost:3000\/news_detail\/\d+<\/loc>/g) ?? [];
    expect(english).toHaveLength(total);
    // The final's report is written but unpublished until the replayed final ends.
    const { list } = await listNews(await getDb(), { brandId: 'sportcast', locale: 'en-US', size: 50 });
    expect(list.some((article) => article.matchId === 1064)).toBe(false);
    expect(xml).toContain(`<loc>${origin}/worldCup</loc>`);
    expect(xml).not.toContain('/keysearch');
  });

  it('robots.txt of each brand points to that brand’s sitemap and keeps crawlers out of the API', async () => {
    const forQiuba = await robots(new NextRequest('http://zh.localhost:3000/robots.txt', { headers: { host: 'zh.localhost:3000' } })).text();
    expect(forQiuba).toContain('Sitemap: http://zh.localhost:3000/sitemap.xml');
    expect(forQiuba).toContain('Disallow: /api/');
    const forSportcast = await robots(new NextRequest('http://localhost:3000/robots.txt', { headers: { host: 'localhost:3000' } })).text();
    expect(forSportcast).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('structured data', () => {
  it('describes a live match as a SportsEvent carrying its live score', async () => {
    const match = await getMatchDetail(await getDb(), 1033, 'en-US');
    const data = sportsEventJsonLd(sportcast, 'en-US', match!, { name: 'Netherlands v Qatar', description: "Live 30': Netherlands 1–0 Qatar.", sport: 'Football' });
    expect(data).toMatchObject({
      '@type': 'SportsEvent',
      name: 'Netherlands v Qatar',
      description: "Live 30': Netherlands 1–0 Qatar.",
      url: `${origin}/scheduleDetail/1033/2`,
      homeTeam: { '@type': 'SportsTeam', name: 'Netherlands' },
      awayTeam: { '@type': 'SportsTeam', name: 'Qatar' },
      location: { '@type': 'StadiumOrArena', name: 'Al Bayt Stadium' },
      superEvent: { name: 'FIFA World Cup Qatar 2022' },
    });
  });

  it('describes an article as a NewsArticle of the brand, in the reader’s language', async () => {
    const db = await getDb();
    const { list } = await listNews(db, { brandId: 'qiuba', locale: 'zh-CN', size: 1 });
    const article = await getNewsArticle(db, list[0].id, { brandId: 'qiuba', locale: 'zh-CN' });
    const data = newsArticleJsonLd(qiuba, '球吧直播', 'zh-CN', article!);
    expect(data).toMatchObject({
      '@type': 'NewsArticle',
      headline: article!.title,
      inLanguage: 'zh-CN',
      datePublished: article!.publishedAt,
      mainEntityOfPage: { '@id': `http://zh.localhost:3000/news_detail/${article!.id}` },
      publisher: { '@type': 'Organization', name: '球吧直播' },
    });
  });
});

describe('link previews', () => {
  it('name a PNG for the site’s SVG covers and logos, which the social apps cannot show, and leave other images alone', () => {
    const cover = pageMetadata({ brand: sportcast, brandName: 'SportCast', locale: 'en-US', path: '/news_detail/1', title: 'Report', description: 'Report', image: { url: '/covers/match/1001.svg', width: 1200, height: 675, alt: 'Report' } });
    expect(cover.openGraph?.images).toEqual([{ url: `${origin}/social-image/covers/match/1001.png`, width: 1200, height: 675, alt: 'Report' }]);
    expect(cover.twitter?.images).toEqual(cover.openGraph?.images);
    const logo = pageMetadata({ brand: qiuba, brandName: '球吧直播', locale: 'zh-CN', path: '/home', title: '首页', description: '首页' });
    expect(logo.openGraph?.images).toEqual([{ url: 'http://zh.localhost:3000/social-image/brands/qiuba.png', width: 512, height: 512, alt: '球吧直播' }]);
    const uploaded = pageMetadata({ brand: sportcast, brandName: 'SportCast', locale: 'en-US', path: '/activity_details/1', title: 'A', description: 'A', image: { url: 'https://oss.example/covers/a.jpg', width: 1200, height: 400, alt: 'A' } });
    expect(uploaded.openGraph?.images).toEqual([{ url: 'https://oss.example/covers/a.jpg', width: 1200, height: 400, alt: 'A' }]);
  });

  const socialImage = (...path: string[]) => getSocialImage(new Request(`${origin}/social-image/${path.join('/')}`), { params: Promise.resolve({ path }) });

  it('draws a match cover and a public cover as PNGs of their own size, and a logo large enough for a preview', async () => {
    const match = await socialImage('covers', 'match', '1001.png');
    expect(match.status).toBe(200);
    expect(match.headers.get('content-type')).toBe('image/png');
    // The opening match is over: its cover, score included, no longer changes.
    expect(match.headers.get('cache-control')).toContain('max-age=86400');
    expect(await sharp(Buffer.from(await match.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
    const worldCup = await socialImage('covers', 'world-cup.png');
    expect(await sharp(Buffer.from(await worldCup.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1200, height: 400 });
    // The brand logo is drawn at 48 px; its preview is the 512 px square the page's metadata announces.
    const logo = await socialImage('brands', 'sportcast.png');
    expect(await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
  });

  it('answers 404 for a match or file that does not exist and for any other path', async () => {
    for (const path of [['covers', 'match', '999999.png'], ['covers', 'nothing.png'], ['covers', 'world-cup.svg'], ['..', '..', 'package.png'], ['covers', '..', 'brands', 'qiuba.png']]) {
      expect((await socialImage(...path)).status).toBe(404);
    }
  });
});
