import 'server-only';
// The home page's banners (getLongMenAg, category 6): the first one large, the next two beside it; where each
// leads was resolved by the page's loader (lib/server/public-pages/banner-targets.ts).
import Link from 'next/link';
import type { BannerWithTarget } from '@/lib/validation/content';
import { AdLinkButton } from './ad-link-button';
import styles from './banner-strip.module.css';

export function BannerStrip({ banners, label }: { banners: BannerWithTarget[]; label: string }) {
  return (
    <section className={styles.strip} aria-label={label}>
      {banners.map((banner, index) => {
        const { target } = banner;
        const className = `${styles.banner} ${index === 0 ? styles.main : styles.side}`;
        const content = (
          <>
            <img
              src={banner.image}
              alt=""
              width={1200}
              height={400}
              className={styles.image}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              // The first banner is the page's largest paint: decoded with the frame, not after it.
              decoding={index === 0 ? 'sync' : 'async'}
            />
            <span className={styles.caption}>{banner.title}</span>
          </>
        );
        if (target.kind === 'site') {
          return (
            <Link key={banner.id} href={target.href} className={className} prefetch={false}>
              {content}
            </Link>
          );
        }
        if (target.kind === 'external') {
          return (
            <a key={banner.id} href={target.href} className={className} target="_blank" rel="noopener noreferrer">
              {content}
            </a>
          );
        }
        if (target.kind === 'adLink') {
          return (
            <AdLinkButton key={banner.id} jumpType={target.jumpType} className={className} label={banner.title}>
              {content}
            </AdLinkButton>
          );
        }
        return (
          <div key={banner.id} className={className}>
            {content}
          </div>
        );
      })}
    </section>
  );
}
