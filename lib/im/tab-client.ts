// The tab's messaging client (docs/inbox.md): provider `sc` on the page's own host, signed in with the stored session's
// credential or a guest identity (spec §7 getUserSig), held by the live room and the inbox alike. A brand whose app
// config selects a Tencent Cloud Chat app (im_sdkappid) has its live rooms on Tencent instead (docs/im.md); the
// inbox's account messages stay on `sc`.
import { api } from '@/lib/http';
import { browserDeviceId } from '@/lib/http/device-id';
import { isLocale, langHeaderFor } from '@/lib/i18n/locales';
import type { GuestIdentity, TencentUserSig } from '@/lib/validation/chat';
import { scCredentials } from './sc-credentials';
import { holdSharedImClient } from './shared-client';
import { createTencentImClient, loadTencentSdk } from './tencent-client';
import type { ImClient } from './types';
import { createWsImClient, gatewayUrl } from './ws-client';

const fetchGuest = () => api.get<GuestIdentity>('/api/scIm/getUserSig');

export function holdTabImClient(uiLocale: string): { client: ImClient; release: () => void } {
  return holdSharedImClient(() =>
    createWsImClient({
      url: gatewayUrl(window.location),
      credentials: scCredentials(fetchGuest),
      deviceId: browserDeviceId,
      lang: langHeaderFor(isLocale(uiLocale) ? uiLocale : 'en-US'),
    }),
  );
}

/** A live room's client: the tab's `sc` client, or one of the room's own on Tencent when the brand selects an app. */
export function holdRoomImClient(uiLocale: string, imSdkAppId: number): { client: ImClient; release: () => void; provider: 'sc' | 'tencent' } {
  if (imSdkAppId === 0) return { ...holdTabImClient(uiLocale), provider: 'sc' };
  const client = createTencentImClient({ fetchUserSig: () => api.get<TencentUserSig>('/api/tencentIm/getUserSig'), loadSdk: loadTencentSdk, deviceId: browserDeviceId });
  client.connect();
  return { client, release: () => client.destroy(), provider: 'tencent' };
}
