// The global footer: site links, the match-data credit (its licence asks for none, we give it anyway) and copyright.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import styles from './footer.module.css';
import { aboutPagePath, privacyPolicyPath, siteRoutes, userAgreementPath } from '@/lib/routes';

export function Footer({ brandName, logo, channel }: { brandName: string; logo: string; channel: string }) {
  const t = useTranslations('site.footer');
  const links = [
    { href: aboutPagePath(1), label: t('about') },
    { href: siteRoutes.help, label: t('help') },
    { href: siteRoutes.feedback, label: t('feedback') },
    { href: siteRoutes.download, label: t('download') },
    { href: userAgreementPath(1, channel), label: t('agreement') },
    { href: privacyPolicyPath(1), label: t('privacy') },
    { href: siteRoutes.certificate1, label: t('licences') },
  ];
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <img src={logo} alt="" width={28} height={28} className={styles.logo} />
            <span className={styles.brandName}>{brandName}</span>
          </div>
          <nav aria-label={t('navLabel')}>
            <ul className={styles.links}>
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={styles.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className={styles.bottom}>
          <p className={styles.credit}>{t('credit')}</p>
          <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear(), brand: brandName })}</p>
        </div>
      </div>
    </footer>
  );
}
