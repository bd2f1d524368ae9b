import 'server-only';
// /teamInfo without an id: every team, under each competition (a cup's teams by group), each opening its page.
import { getTranslations } from 'next-intl/server';
import { PageFrame, PageSection } from '@/components/content/page-frame';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { TeamDirectory } from '@/lib/validation/matches';
import { TeamPills } from '@/components/teams/team-pill';
import styles from './team-directory-view.module.css';

type TeamDirectoryViewProps = { brand: Brand; locale: Locale; directory: TeamDirectory; breadcrumbLabel: string };

export async function TeamDirectoryView({ brand, locale, directory, breadcrumbLabel }: TeamDirectoryViewProps) {
  const t = await getTranslations({ locale, namespace: 'matchCentre.team' });
  return (
    <PageFrame
      title={t('title')}
      lead={t('directoryLead')}
      above={<SectionBreadcrumbs brand={brand} locale={locale} label={breadcrumbLabel} section="schedule" then={[{ name: t('allTeams'), path: siteRoutes.teamInfo }]} />}
    >
      {directory.map(({ competition, sections }) => (
        <PageSection key={competition.id} id={`teams-${competition.code}`} title={t('teamsOf', { competition: competition.name })}>
          <div className={styles.sections}>
            {sections.map((section) => (
              <div key={section.label ?? 'all'}>
                {section.label ? <h3 className={styles.label}>{section.label}</h3> : null}
                <TeamPills teams={section.teams} />
              </div>
            ))}
          </div>
        </PageSection>
      ))}
    </PageFrame>
  );
}
