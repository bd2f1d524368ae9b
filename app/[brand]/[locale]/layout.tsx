// The document for every page of a brand and locale: language, brand colours, messages for client islands,
// per-request client state.
import type { CSSProperties, ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { AppProviders } from '@/components/providers/app-providers';
import { ClientStartup } from '@/components/shell/client-startup';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { brandPalette } from '@/lib/format/color';
import { siteClientNamespaces } from '@/messages/load';
import './globals.css';

// No route-wide rendering mode here: a page renders per request unless it opts into caching itself
// (the public pages: generateStaticParams returning [] plus a revalidate time, see docs/match-pages.md).
// Nothing is prerendered at build time, when there is no database.

type LayoutProps = { children: ReactNode; params: Promise<LocaleParams> };

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brand, locale, brandName } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'site.meta' });
  return {
    title: brandName,
    description: t('description', { brand: brandName }),
    applicationName: brandName,
    icons: { icon: brand.logo },
  };
}

export const viewport: Viewport = { themeColor: '#06090f', colorScheme: 'dark', width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children, params }: LayoutProps) {
  const { brand, locale } = await resolvePageContext(params);
  const messages = await getMessages({ locale });
  // Client islands get their own namespaces only; page texts stay in the server-rendered HTML. The live islands'
  // namespaces come with the routes that render them (LiveIslandMessages).
  const clientMessages = Object.fromEntries(siteClientNamespaces.map((namespace) => [namespace, messages[namespace]]));
  const palette = brandPalette(brand.themeColor);
  const brandStyle: CSSProperties & Record<`--${string}`, string> = {
    '--brand': palette.brand,
    '--brand-on-dark': palette.brandOnDark,
    '--brand-solid': palette.brandSolid,
  };
  return (
    <html lang={locale} style={brandStyle} data-brand={brand.id}>
      <body>
        <NextIntlClientProvider locale={locale} messages={clientMessages}>
          <AppProviders regSource={brand.regSource}>
            <ClientStartup />
            {children}
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
