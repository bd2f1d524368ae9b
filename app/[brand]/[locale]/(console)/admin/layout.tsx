// The operator console (docs/admin.md): its own frame instead of the site's header, the console's messages for its
// islands, and never indexed.
import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AdminIslandMessages } from '@/components/shell/live-island-messages';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return { title: `${t('title')} · ${brandName}`, robots: { index: false, follow: false } };
}

export default function ConsoleLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return <AdminIslandMessages params={params}>{children}</AdminIslandMessages>;
}
