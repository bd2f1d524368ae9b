import 'server-only';
// Where a banner leads (spec §3 banner jump_url + jump_type, see lib/validation/content.ts jumpTypes):
// a site path, an external page (new tab), a live room, a match, or an ad link resolved in the browser.
import { liveRoomPath } from '@/lib/routes';
import { jumpTypes, type BannerTarget, type BannerView } from '@/lib/validation/content';
import { readMatchLifecycles } from './match-lifecycles';

export async function bannerTarget(banner: BannerView): Promise<BannerTarget> {
  const url = banner.jump_url.trim();
  switch (banner.jump_type) {
    case jumpTypes.sitePath:
      return url.startsWith('/') && !url.startsWith('//') ? { kind: 'site', href: url } : { kind: 'none' };
    case jumpTypes.externalUrl:
      return /^https?:\/\//i.test(url) ? { kind: 'external', href: url } : { kind: 'none' };
    case jumpTypes.liveRoom:
      return /^\d+$/.test(url) ? { kind: 'site', href: liveRoomPath(url) } : { kind: 'none' };
    case jumpTypes.match: {
      const path = /^\d+$/.test(url) ? (await readMatchLifecycles()).get(Number(url))?.path : undefined;
      return path ? { kind: 'site', href: path } : { kind: 'none' };
    }
    case jumpTypes.adLink:
      return { kind: 'adLink', jumpType: banner.jump_type };
    default:
      return { kind: 'none' };
  }
}
