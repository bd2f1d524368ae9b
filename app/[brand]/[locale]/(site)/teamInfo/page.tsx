// Teams (spec §2.2 /teamInfo): with ?id= one team's standing, form, matches and squad; without, every team by
// competition. Rendered per request (the id is in the query) from cached reads.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { TeamDirectoryView } from '@/components/team-info/team-directory-view';
import { TeamProfileView } from '@/components/team-info/team-profile-view';
import { siteRoutes, teamInfoPath } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readTeamDirectory, readTeamProfile } from '@/lib/server/public-pages/match-pages';
import { hideTeamResults } from '@/lib/server/public-pages/spoiler-free';

type TeamInfoProps = { params: Promise<LocaleParams>; searchParams: Promise<{ id?: string | string[] }> };

/** The team asked for: null for the directory; a malformed or unknown id is a missing page. */
async function teamIdOf(searchParams: TeamInfoProps['searchParams']): Promise<number | null> {
  const { id } = await searchParams;
  if (id === undefined) return null;
  if (typeof id !== 'string' || !/^\d{1,9}$/.test(id)) notFound();
  return Number(id);
}

async function loadProfile(teamId: number, locale: Parameters<typeof readTeamProfile>[1]) {
  const profile = await readTeamProfile(teamId, locale);
  if (!profile) notFound();
  return profile;
}

export async function generateMetadata({ params, searchParams }: TeamInfoProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre.team' });
  const teamId = await teamIdOf(searchParams);
  if (teamId === null) {
    return pageMetadata({ brand, brandName, locale, path: siteRoutes.teamInfo, title: t('title'), description: t('directoryDescription', { brand: brandName }) });
  }
  const { team } = await loadProfile(teamId, locale);
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: teamInfoPath(teamId),
    title: t('metaTitle', { team: team.name }),
    description: t('description', { team: team.name, brand: brandName }),
  });
}

export default async function TeamInfoPage({ params, searchParams }: TeamInfoProps) {
  const { brand, locale, spoilerFree } = await resolvePageContext(params);
  const breadcrumbLabel = (await getTranslations({ locale, namespace: 'matchCentre' }))('breadcrumbLabel');
  const teamId = await teamIdOf(searchParams);
  if (teamId === null) return <TeamDirectoryView brand={brand} locale={locale} directory={await readTeamDirectory(locale)} breadcrumbLabel={breadcrumbLabel} />;
  const profile = await loadProfile(teamId, locale);
  return <TeamProfileView brand={brand} locale={locale} profile={spoilerFree ? hideTeamResults(profile) : profile} breadcrumbLabel={breadcrumbLabel} spoilerFree={spoilerFree} />;
}
