// A cookie a reply sets (or clears, with maxAge 0): the handler writes them, the session and auth code make them.
export type ResponseCookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict';
  path?: string;
  maxAge?: number;
};
