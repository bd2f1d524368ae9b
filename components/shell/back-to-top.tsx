'use client';
// The right-hand rail on home and match detail (spec §2.1, §2.4 item 9): appears after 400 px of scrolling,
// with an app-download panel on hover, the feedback page, and a jump back to the top.
import { useEffect, useState, useSyncExternalStore } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { downloadPageUrl, downloadPath, socialQr } from './download-links';
import { ArrowUpIcon, FeedbackIcon, PhoneDownloadIcon } from './icons';
import { QrCode } from './qr-code';
import { useHoverPanel } from './use-hover-panel';
import styles from './back-to-top.module.css';
import { dynamicRouteBases, siteRoutes } from '@/lib/routes';

const backToTopThreshold = 400;

/** Route names home and scheduleDetail carry the rail (spec §2.1). */
function showsBackToTop(pathname: string): boolean {
  return pathname === siteRoutes.home || pathname.startsWith(`${dynamicRouteBases.scheduleDetail}/`);
}

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPast(window.scrollY > threshold));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return past;
}

const noSubscription = () => () => {};

export function BackToTop({ h5Domain, weibo }: { h5Domain: string; weibo: string }) {
  const pathname = usePathname() ?? '';
  if (!showsBackToTop(pathname)) return null;
  return <BackToTopRail h5Domain={h5Domain} weibo={weibo} />;
}

function BackToTopRail({ h5Domain, weibo }: { h5Domain: string; weibo: string }) {
  const t = useTranslations('shell.backToTop');
  const visible = useScrolledPast(backToTopThreshold);
  const download = useHoverPanel();
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => '');
  if (!visible) return null;
  const social = socialQr(weibo);

  return (
    <aside className={styles.rail} aria-label={t('label')}>
      <div className={styles.anchor} {...download.handlers}>
        <Link href={downloadPath} className={styles.button} aria-describedby={download.open ? 'rail-download-panel' : undefined}>
          <PhoneDownloadIcon size={22} />
          <span className={styles.caption}>{t('app')}</span>
        </Link>
        {download.open ? (
          <div id="rail-download-panel" role="tooltip" className={styles.panel}>
            <div className={styles.code}>
              <QrCode value={downloadPageUrl(h5Domain, origin)} size={116} label={t('appQrLabel')} />
              <p className={styles.codeTitle}>{t('appTitle')}</p>
              <Link href={downloadPath} className={styles.codeLink}>
                {t('openDownload')}
              </Link>
            </div>
            {social.kind !== 'none' ? (
              <div className={styles.code}>
                {social.kind === 'image' ? (
                  <img src={social.src} alt={t('socialQrLabel')} width={132} height={132} className={styles.socialImage} />
                ) : (
                  <QrCode value={social.url} size={116} label={t('socialQrLabel')} />
                )}
                <p className={styles.codeTitle}>{t('socialTitle')}</p>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      <Link href={siteRoutes.feedback} className={styles.button}>
        <FeedbackIcon size={22} />
        <span className={styles.caption}>{t('feedback')}</span>
      </Link>
      <button
        type="button"
        className={styles.button}
        onClick={() => window.scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })}
      >
        <ArrowUpIcon size={22} />
        <span className={styles.caption}>{t('top')}</span>
      </button>
    </aside>
  );
}
