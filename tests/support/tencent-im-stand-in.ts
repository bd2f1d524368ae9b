// A local stand-in for Tencent Cloud Chat's REST API (send_group_msg and openim/sendmsg), following their documented
// request and reply shapes: the admin's identity and UserSig in the query (sdkappid, identifier, usersig, random,
// contenttype=json), {GroupId, Random, MsgBody} in a group send's body and {ActionStatus, ErrorCode, ErrorInfo, MsgTime,
// MsgSeq} back; {SyncOtherMachine, To_Account, MsgRandom, MsgBody} in a one-to-one send's and {…, MsgTime, MsgKey} back. The UserSig
// is checked as Tencent's servers do, from its documented format (below), and a group that receives more than 40
// messages in any one second is answered 10023, as Tencent limits a live group. No Tencent server is reached.
import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';

export type UserSigCheck = { ok: true; identifier: string; time: number; expire: number } | { ok: false; reason: 'malformed' | 'sdkappid' | 'identifier' | 'signature' | 'expired' };

/**
 * Checks a UserSig against the app's key, from the format tls-sig-api-v2 documents: base64 with `+/=` written
 * `*-_`, of a zlib-deflated JSON {TLS.ver "2.0", TLS.identifier, TLS.sdkappid, TLS.time, TLS.expire, TLS.sig},
 * where TLS.sig is base64(HMAC-SHA256(key, "TLS.identifier:…\nTLS.sdkappid:…\nTLS.time:…\nTLS.expire:…\n")).
 * Written from the format, not with the library's own code, so that a wrong use of the library shows.
 */
export function checkUserSig(sig: string, settings: { sdkAppId: number; secretKey: string }, identifier: string, nowMs = Date.now()): UserSigCheck {
  let doc: Record<string, unknown>;
  try {
    const compressed = Buffer.from(sig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '='), 'base64');
    doc = JSON.parse(zlib.inflateSync(compressed).toString('utf8')) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { 'TLS.ver': ver, 'TLS.identifier': id, 'TLS.sdkappid': appId, 'TLS.time': time, 'TLS.expire': expire, 'TLS.sig': mac } = doc;
  if (ver !== '2.0' || typeof id !== 'string' || typeof appId !== 'number' || typeof time !== 'number' || typeof expire !== 'number' || typeof mac !== 'string') {
    return { ok: false, reason: 'malformed' };
  }
  if (appId !== settings.sdkAppId) return { ok: false, reason: 'sdkappid' };
  if (id !== identifier) return { ok: false, reason: 'identifier' };
  const content = `TLS.identifier:${id}\nTLS.sdkappid:${appId}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  const expected = crypto.createHmac('sha256', settings.secretKey).update(content).digest();
  const given = Buffer.from(mac, 'base64');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  if ((time + expire) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, identifier: id, time, expire };
}

export type ReceivedGroupMessage = { at: number; groupId: string; random: number; type: string; data: string; onlineOnly: boolean; msgSeq: number; forbidCallbacks: string[] };
export type ReceivedUserMessage = { at: number; toAccount: string; random: number; syncOtherMachine: number; type: string; data: string; forbidCallbacks: string[] };
export type TencentReply = { ActionStatus: 'OK' | 'FAIL'; ErrorCode: number; ErrorInfo: string; MsgTime?: number; MsgSeq?: number; MsgKey?: string };

const groupLimitPerSecond = 40;

export class TencentImStandIn {
  /** Messages accepted, in the order they arrived. */
  readonly accepted: ReceivedGroupMessage[] = [];
  /** One-to-one messages from the admin (openim/sendmsg) accepted, in the order they arrived. */
  readonly userMessages: ReceivedUserMessage[] = [];
  /** Every answer given, accepted or not, with the body's Random. */
  readonly answers: { random?: number; reply: TencentReply; httpStatus: number }[] = [];
  /** Failures to answer the next requests with, in order: a Tencent error code, or an HTTP status. */
  readonly failures: ({ errorCode: number } | { httpStatus: number })[] = [];
  private readonly arrivals = new Map<string, number[]>();
  private readonly seqs = new Map<string, number>();
  private server?: http.Server;
  url = '';

  constructor(readonly settings: { sdkAppId: number; secretKey: string; admin: string }) {}

  async start(port = 0): Promise<void> {
    this.server = http.createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const { httpStatus, reply, random } = this.answer(incoming.method ?? '', incoming.url ?? '', Buffer.concat(chunks).toString('utf8'));
        this.answers.push({ random, reply, httpStatus });
        outgoing.writeHead(httpStatus, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The most messages one group received within any one second. */
  busiestSecond(groupId: string): number {
    const times = this.accepted.filter((message) => message.groupId === groupId).map((message) => message.at);
    let most = 0;
    for (let start = 0, end = 0; end < times.length; end += 1) {
      while (times[end] - times[start] >= 1000) start += 1;
      most = Math.max(most, end - start + 1);
    }
    return most;
  }

  private answer(method: string, rawUrl: string, rawBody: string): { httpStatus: number; reply: TencentReply; random?: number } {
    const fail = (code: number, info: string, httpStatus = 200) => ({ httpStatus, reply: { ActionStatus: 'FAIL' as const, ErrorCode: code, ErrorInfo: info } });
    const url = new URL(rawUrl, 'http://stand-in');
    const paths = ['/v4/group_open_http_svc/send_group_msg', '/v4/openim/sendmsg'];
    if (method !== 'POST' || !paths.includes(url.pathname)) return fail(60002, 'HTTP parse error: unknown path', 404);
    const query = url.searchParams;
    if (query.get('contenttype') !== 'json' || !/^\d+$/.test(query.get('random') ?? '')) return fail(60002, 'bad contenttype or random');
    if (query.get('sdkappid') !== String(this.settings.sdkAppId)) return fail(60020, 'SdkAppId not found');
    if (query.get('identifier') !== this.settings.admin) return fail(60011, 'identifier is not an app admin');
    const sig = checkUserSig(query.get('usersig') ?? '', this.settings, this.settings.admin);
    if (!sig.ok) return fail(sig.reason === 'expired' ? 70001 : sig.reason === 'identifier' ? 70013 : 70003, `UserSig ${sig.reason}`);
    let body: { GroupId?: unknown; Random?: unknown; MsgBody?: unknown; OnlineOnlyFlag?: unknown; ForbidCallbackControl?: unknown; SyncOtherMachine?: unknown; To_Account?: unknown; MsgRandom?: unknown };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      return fail(10004, 'body is not JSON');
    }
    if (url.pathname === '/v4/openim/sendmsg') return this.sendUserMessage(body);
    const random = typeof body.Random === 'number' ? body.Random : undefined;
    const element = Array.isArray(body.MsgBody) && body.MsgBody.length === 1 ? (body.MsgBody[0] as { MsgType?: unknown; MsgContent?: { Data?: unknown; Desc?: unknown } }) : undefined;
    if (typeof body.GroupId !== 'string' || random === undefined || random < 0 || random > 2 ** 32 - 1 || element?.MsgType !== 'TIMCustomElem') {
      return { ...fail(10004, 'GroupId, Random and one MsgBody element are required'), random };
    }
    if (typeof element.MsgContent?.Data !== 'string' || typeof element.MsgContent.Desc !== 'string') return { ...fail(10004, 'TIMCustomElem needs Data and Desc'), random };
    const failure = this.failures.shift();
    if (failure && 'httpStatus' in failure) return { ...fail(-1, 'stand-in HTTP failure', failure.httpStatus), random };
    if (failure) return { ...fail(failure.errorCode, 'stand-in failure'), random };
    const now = Date.now();
    const recent = (this.arrivals.get(body.GroupId) ?? []).filter((at) => at > now - 1000);
    if (recent.length >= groupLimitPerSecond) {
      this.arrivals.set(body.GroupId, recent);
      return { ...fail(10023, 'group message frequency over the limit'), random };
    }
    recent.push(now);
    this.arrivals.set(body.GroupId, recent);
    // A Random seen for this group already: Tencent drops the duplicate and answers as for the first.
    const duplicate = this.accepted.find((message) => message.groupId === body.GroupId && message.random === random);
    if (duplicate) return { httpStatus: 200, reply: { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '', MsgTime: Math.floor(duplicate.at / 1000), MsgSeq: duplicate.msgSeq }, random };
    const msgSeq = (this.seqs.get(body.GroupId) ?? 0) + 1;
    this.seqs.set(body.GroupId, msgSeq);
    this.accepted.push({
      at: now,
      groupId: body.GroupId,
      random,
      type: element.MsgContent.Desc,
      data: element.MsgContent.Data,
      onlineOnly: body.OnlineOnlyFlag === 1,
      msgSeq,
      forbidCallbacks: Array.isArray(body.ForbidCallbackControl) ? body.ForbidCallbackControl.map(String) : [],
    });
    return { httpStatus: 200, reply: { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '', MsgTime: Math.floor(now / 1000), MsgSeq: msgSeq }, random };
  }

  /** openim/sendmsg: one custom element to one account, deduplicated on MsgRandom as Tencent does. */
  private sendUserMessage(body: { SyncOtherMachine?: unknown; To_Account?: unknown; MsgRandom?: unknown; MsgBody?: unknown; ForbidCallbackControl?: unknown }): { httpStatus: number; reply: TencentReply; random?: number } {
    const random = typeof body.MsgRandom === 'number' ? body.MsgRandom : undefined;
    const fail = (code: number, info: string, httpStatus = 200) => ({ httpStatus, reply: { ActionStatus: 'FAIL' as const, ErrorCode: code, ErrorInfo: info }, random });
    const element = Array.isArray(body.MsgBody) && body.MsgBody.length === 1 ? (body.MsgBody[0] as { MsgType?: unknown; MsgContent?: { Data?: unknown; Desc?: unknown } }) : undefined;
    // SyncOtherMachine is 1 (sync to the sender's devices) or 2 (do not); To_Account and MsgRandom are required.
    if ((body.SyncOtherMachine !== 1 && body.SyncOtherMachine !== 2) || typeof body.To_Account !== 'string' || body.To_Account === '' || random === undefined || random < 0 || random > 2 ** 32 - 1) {
      return fail(90001, 'SyncOtherMachine, To_Account and MsgRandom are required');
    }
    if (element?.MsgType !== 'TIMCustomElem' || typeof element.MsgContent?.Data !== 'string' || typeof element.MsgContent.Desc !== 'string') return fail(90005, 'one TIMCustomElem with Data and Desc');
    const failure = this.failures.shift();
    if (failure && 'httpStatus' in failure) return fail(-1, 'stand-in HTTP failure', failure.httpStatus);
    if (failure) return fail(failure.errorCode, 'stand-in failure');
    const now = Date.now();
    const ok = (at: number) => ({ httpStatus: 200, reply: { ActionStatus: 'OK' as const, ErrorCode: 0, ErrorInfo: '', MsgTime: Math.floor(at / 1000), MsgKey: `${random}_${Math.floor(at / 1000)}` }, random });
    const duplicate = this.userMessages.find((message) => message.toAccount === body.To_Account && message.random === random);
    if (duplicate) return ok(duplicate.at);
    this.userMessages.push({
      at: now,
      toAccount: body.To_Account,
      random,
      syncOtherMachine: body.SyncOtherMachine,
      type: element.MsgContent.Desc,
      data: element.MsgContent.Data,
      forbidCallbacks: Array.isArray(body.ForbidCallbackControl) ? body.ForbidCallbackControl.map(String) : [],
    });
    return ok(now);
  }
}
