'use client';
// The header's download button: a link to /download whose hover shows a QR code of the app download page.
import { useSyncExternalStore, type ReactNode } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { downloadPageUrl, downloadPath } from '@/components/shell/download-links';
import { QrCode } from '@/components/shell/qr-code';
import { useHoverPanel } from '@/components/shell/use-hover-panel';
import styles from './header.module.css';

const noSubscription = () => () => {};
/** The page's own origin in the browser; on the server the panel is closed, so it is never needed there. */
function useOrigin(): string {
  return useSyncExternalStore(noSubscription, () => window.location.origin, () => '');
}

export function DownloadButton({ h5Domain, children }: { h5Domain: string; children: ReactNode }) {
  const t = useTranslations('shell.download');
  const { open, handlers } = useHoverPanel();
  const origin = useOrigin();
  const url = downloadPageUrl(h5Domain, origin);
  return (
    <div className={styles.popoverAnchor} {...handlers}>
      <Link href={downloadPath} className={styles.action} prefetch={false} aria-describedby={open ? 'header-download-panel' : undefined}>
        {children}
      </Link>
      {open ? (
        <div id="header-download-panel" role="tooltip" className={styles.popover}>
          <QrCode value={url} size={132} label={t('qrLabel')} />
          <p className={styles.popoverTitle}>{t('title')}</p>
          <p className={styles.popoverHint}>{t('hint')}</p>
        </div>
      ) : null}
    </div>
  );
}
