// Types for Tencent's UserSig library (it ships none): only what lib/server/chat/tencent uses. Imported by its file:
// its package.json names `main` twice, and some resolvers (jest's) take the first, a file that does not exist.
declare module 'tls-sig-api-v2/TLSSigAPIv2.js' {
  export class Api {
    constructor(sdkappid: number, key: string);
    /** A UserSig for `userid` valid `expire` seconds from now. */
    genUserSig(userid: string, expire: number): string;
  }
}
