import 'server-only';
// Structured data (schema.org JSON-LD) for the public pages: a match as a SportsEvent with its live
// score, an article as a NewsArticle, a team with its squad, and the breadcrumb trail of any page.
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchDetail, MatchSummary, TeamProfile } from '@/lib/validation/matches';
import type { NewsDetail } from '@/lib/validation/news';
import { siteOrigin, siteUrl } from './site-url';

export type JsonLd = { '@context': 'https://schema.org'; '@type': string; [key: string]: unknown };

export type Crumb = { name: string; path: string };

export function breadcrumbJsonLd(brand: Brand, locale: Locale, crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: siteUrl(brand, crumb.path, locale),
    })),
  };
}

const team = (ref: MatchSummary['home']) => ({ '@type': 'SportsTeam', name: ref.name, ...(ref.code ? { alternateName: ref.code } : {}) });

/**
 * A match as a SportsEvent. schema.org has no score property, so the live state goes in the
 * description ("Live 67': Netherlands 1–0 Qatar"), which is also what a result snippet shows.
 */
export function sportsEventJsonLd(
  brand: Brand,
  locale: Locale,
  match: MatchDetail,
  text: { name: string; description: string; sport: string },
): JsonLd {
  const venue = match.venueDetail;
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: text.name,
    description: text.description,
    sport: text.sport,
    url: siteUrl(brand, match.path, locale),
    image: new URL(`/covers/match/${match.id}.svg`, siteOrigin(brand)).toString(),
    startDate: match.kickoffAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: locale,
    homeTeam: team(match.home),
    awayTeam: team(match.away),
    competitor: [team(match.home), team(match.away)],
    superEvent: { '@type': 'SportsEvent', name: match.competition.name },
    ...(venue
      ? {
          location: {
            '@type': 'StadiumOrArena',
            name: venue.name,
            ...(venue.capacity ? { maximumAttendeeCapacity: venue.capacity } : {}),
            address: { '@type': 'PostalAddress', addressLocality: venue.city, addressCountry: venue.country },
          },
        }
      : {}),
  };
}

/** A team's page: the team, its sport and the players of its squad. */
export function sportsTeamJsonLd(brand: Brand, locale: Locale, profile: TeamProfile, path: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...team(profile.team),
    '@type': 'SportsTeam',
    sport: 'Soccer',
    url: siteUrl(brand, path, locale),
    athlete: profile.squad.map((player) => ({ '@type': 'Person', name: player.name })),
  };
}

export function newsArticleJsonLd(brand: Brand, brandName: string, locale: Locale, article: NewsDetail): JsonLd {
  const origin = siteOrigin(brand);
  const organisation = { '@type': 'Organization', name: brandName, url: origin, logo: { '@type': 'ImageObject', url: new URL(brand.logo, origin).toString() } };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary,
    image: [new URL(article.coverUrl, origin).toString()],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    inLanguage: locale,
    mainEntityOfPage: { '@type': 'WebPage', '@id': siteUrl(brand, article.path, locale) },
    author: organisation,
    publisher: organisation,
    keywords: article.tags.map((tag) => tag.label).join(', '),
    ...(article.teams.length > 0 ? { about: article.teams.map((ref) => ({ '@type': 'SportsTeam', name: ref.name })) } : {}),
  };
}
