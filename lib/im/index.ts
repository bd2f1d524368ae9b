// The browser's messaging layer: the provider-neutral interface and the built-in provider `sc`.
export type { ImClient, ImCredentials, ImEvent, ImState } from './types';
export { createWsImClient, gatewayUrl, type SocketFactory, type WsImClientOptions } from './ws-client';
export { forgetGuestIdentity, scCredentials } from './sc-credentials';
