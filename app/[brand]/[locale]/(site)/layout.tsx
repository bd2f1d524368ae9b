// Pages with the global chrome (spec §2.1): header, footer, toasts, the maintenance notice, the back-to-top rail.
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { ChatSkipLink } from '@/components/chat/chat-skip-link';
import { Header } from '@/components/header/header';
import { MaintenanceNotice } from '@/components/maintenance/maintenance-notice';
import { BackToTop } from '@/components/shell/back-to-top';
import { Footer } from '@/components/shell/footer';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { ToastViewport } from '@/components/shell/toast-viewport';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';

export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  const { brand, locale, brandName, spoilerFree } = await resolvePageContext(params);
  const config = await readAppConfig(brand.id);
  const t = await getTranslations({ locale, namespace: 'site' });
  return (
    <>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <ChatSkipLink label={t('skipToChat')} />
      <Header
        brandName={brandName}
        logo={brand.logo}
        rootShowsLive={brand.rootShowsLive}
        locale={locale}
        spoilerFree={spoilerFree}
        config={{
          worldcup_thematic_toggle: config.worldcup_thematic_toggle,
          private_message_toggle: config.private_message_toggle,
          live_preview_switch: config.live_preview_switch,
          talent_list_status: config.talent_list_status,
          lottery_switch: config.lottery_switch,
          ticket_switch: config.ticket_switch,
          checkin_switch: config.checkin_switch,
          dialog_daily_times: config.dialog_daily_times,
          h5_domain: config.h5_domain,
        }}
      />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer brandName={brandName} logo={brand.logo} channel={brand.channel} />
      <BackToTop h5Domain={config.h5_domain} weibo={config.weibo} />
      <MaintenanceNotice />
      <ToastViewport />
    </>
  );
}
