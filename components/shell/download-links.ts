// Where the app-download QR codes point (spec §2.3, §2.4 item 9), from the brand's app config.
import { siteRoutes } from '@/lib/routes';

export const downloadPath = siteRoutes.download;

/** The mobile site's download page: `h5_domain` + /download, else this site's own. */
export function downloadPageUrl(h5Domain: string, currentOrigin: string): string {
  const domain = h5Domain.trim().replace(/\/+$/, '');
  if (!domain) return `${currentOrigin}${downloadPath}`;
  // Operators often enter a bare host name; a QR code needs an absolute URL.
  const absolute = /^https?:\/\//i.test(domain) ? domain : `https://${domain.replace(/^\/\//, '')}`;
  return `${absolute}${downloadPath}`;
}

export type SocialQr = { kind: 'none' } | { kind: 'image'; src: string } | { kind: 'link'; url: string };

/**
 * The `weibo` config: empty hides the social code; an image address is shown as it is (a ready-made QR image);
 * any other address is encoded as a QR code.
 */
export function socialQr(weibo: string): SocialQr {
  const value = weibo.trim();
  if (!value) return { kind: 'none' };
  if (/^data:image\//i.test(value) || /\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i.test(value)) return { kind: 'image', src: value };
  return { kind: 'link', url: value };
}
