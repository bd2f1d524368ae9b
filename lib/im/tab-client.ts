// The tab's messaging client (docs/inbox.md): provider `sc` on the page's own host, signed in with the stored session's
// credential or a guest identity (spec §7 getUserSig), held by the live room and the inbox alike.
import { api } from '@/lib/http';
import { browserDeviceId } from '@/lib/http/device-id';
import { isLocale, langHeaderFor } from '@/lib/i18n/locales';
import type { GuestIdentity } from '@/lib/validation/chat';
import { scCredentials } from './sc-credentials';
import { holdSharedImClient } from './shared-client';
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
