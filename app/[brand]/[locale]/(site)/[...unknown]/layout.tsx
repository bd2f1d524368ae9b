// The 404 page's title in the brand's language: a nested not-found file cannot name its own metadata, its layout can.
// Next adds robots noindex to every 404 itself.
import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'site.notFound' });
  return { title: { absolute: `${t('title')} · ${brandName}` } };
}

export default function UnknownPathLayout({ children }: { children: ReactNode }) {
  return children;
}
