// The browser's messaging layer: the provider-neutral interface and the built-in provider `sc`.
export type { ImClient } from './types';
export { createWsImClient, gatewayUrl } from './ws-client';
export { forgetGuestIdentity, scCredentials } from './sc-credentials';
