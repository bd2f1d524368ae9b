// The console's sign-in (phone, password, and a TOTP code when the account has one).
import { getTranslations } from 'next-intl/server';
import { SignInForm } from '@/components/admin/sign-in-form';
import { Card } from '@/components/ui/card';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleSignIn } from '@/lib/server/public-pages/admin-pages';
import { consoleSessionMinutes } from '@/lib/validation/admin';
import styles from '@/components/admin/console.module.css';

export default async function ConsoleSignInPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  await loadConsoleSignIn();
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <main className={styles.signInPage}>
      <Card radius="xl" glow className={styles.signInCard}>
        <div className={styles.brand}>
          <img src={brand.logo} alt="" width={28} height={28} />
          <span>
            {brandName}
            <span className={styles.brandTag}>{t('title')}</span>
          </span>
        </div>
        <h1>{t('signIn.heading')}</h1>
        <p className={styles.muted}>{t('signIn.lead', { minutes: consoleSessionMinutes })}</p>
        <SignInForm />
      </Card>
    </main>
  );
}
