// /lottery (spec §2.2, shown when lottery_switch is on; closed otherwise): the lucky draw. The frame renders on the server; the
// chances, the draw and the history are a client island (components/lottery/lottery-view.tsx).
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { LotteryView } from '@/components/lottery/lottery-view';
import { LotteryIslandMessages } from '@/components/shell/live-island-messages';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { GiftIcon } from '@/components/shell/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';

export const generateMetadata = routeMetadata('lottery');

export default async function LotteryPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'lottery.page' });
  const open = (await readAppConfig(brand.id)).lottery_switch === 1;
  return (
    <PageFrame title={t('title')} lead={t('intro')}>
      {open ? (
        <LotteryIslandMessages params={params}>
          <Suspense>
            <LotteryView />
          </Suspense>
        </LotteryIslandMessages>
      ) : (
        <EmptyState icon={GiftIcon} title={t('closed')} description={t('closedHint')} />
      )}
    </PageFrame>
  );
}
