// /pay/sandbox/<order>: the sandbox payment provider's hosted checkout (docs/recharge.md), shown without the site's
// header as a provider's page is. Private and never indexed; the order is read by the island with the session.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { SandboxCheckout } from '@/components/wallet/sandbox-checkout';
import styles from '@/components/wallet/wallet.module.css';

type Params = LocaleParams & { orderId: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { locale, brandName } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'wallet' });
  return { title: `${t('checkout.title')} · ${brandName}`, robots: { index: false, follow: false } };
}

export default async function SandboxCheckoutPage({ params }: { params: Promise<Params> }) {
  const { locale, brandName } = await resolvePageContext(params);
  const { orderId } = await params;
  if (!/^[1-9]\d{0,15}$/.test(orderId)) notFound();
  const t = await getTranslations({ locale, namespace: 'wallet' });
  return (
    <div className={styles.checkoutPage}>
      <header className={styles.checkoutHeader}>
        <span className={styles.sandboxMark}>{t('checkout.mark')}</span>
        <h1 className={styles.checkoutTitle}>{t('checkout.title')}</h1>
      </header>
      <SandboxCheckout orderId={Number(orderId)} merchant={brandName} />
    </div>
  );
}
