// The mall (spec §2.2 /mall, header tab 5): the brand's catalogue rendered on the server, bought through the
// client island (components/mall/mall-view.tsx).
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { MallView } from '@/components/mall/mall-view';
import { MallIslandMessages } from '@/components/shell/live-island-messages';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { readMallCatalogue } from '@/lib/server/public-pages/mall-page';

export const revalidate = 30;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export const generateMetadata = routeMetadata('mall');

export default async function MallPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'mall' });
  const items = await readMallCatalogue(brand.id, locale);
  return (
    <PageFrame title={t('title')} lead={t('intro')}>
      <MallIslandMessages params={params}>
        <MallView items={items} />
      </MallIslandMessages>
    </PageFrame>
  );
}
