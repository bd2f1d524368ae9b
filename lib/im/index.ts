// The browser's messaging layer: the provider-neutral interface and the built-in provider `sc`.
export type { ImClient } from './types';
export { forgetGuestIdentity } from './sc-credentials';
export { holdRoomImClient, holdTabImClient } from './tab-client';
