import 'server-only';
// The REST calls the server makes to Tencent Cloud Chat: send_group_msg (room messages) and openim/sendmsg (a reply
// to one user, C2C from the admin), as the app admin, signed with the admin's UserSig in the URL (sdkappid,
// identifier, usersig, random, contenttype=json), answered with {ActionStatus, ErrorCode, ErrorInfo}. Transient
// failures are retried with the same message Random, which Tencent uses to drop a duplicate, so a retry after a
// lost reply does not show a message twice.
import crypto from 'node:crypto';
import { log } from '@/lib/server/log';
import type { TencentImSettings } from './settings';
import { tencentUserSig } from './user-sig';

type TencentRestReply = { ActionStatus: 'OK' | 'FAIL'; ErrorCode: number; ErrorInfo: string; MsgSeq?: number; MsgTime?: number };

/** One room message as Tencent carries it: a custom element whose Data is our frame and Desc its type. */
export type GroupMessage = {
  groupId: string;
  type: string;
  data: string;
  /** Shown to those online only, not kept in the group's roaming history (welcome lines). */
  onlineOnly?: boolean;
};

/** Tencent's codes worth another try: an internal error and the group's send frequency limit. */
const transientCodes: ReadonlySet<number> = new Set([10002, 10023, 20004, 90994]);
/** The admin's UserSig expired or was refused: a new one is made and the call tried again. */
const userSigCodes: ReadonlySet<number> = new Set([70001, 70003, 70013]);

export type TencentRestOptions = {
  fetch?: typeof fetch;
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Waits before the second, third… attempt. */
  backoffMs?: readonly number[];
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

export class TencentRestError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'TencentRestError';
  }
}

/** A server frame for one user, C2C from the admin: a custom element whose Data is the frame and Desc its type. */
type UserMessage = { toAccount: string; type: string; data: string };

export type TencentRest = {
  sendGroupMessage(message: GroupMessage): Promise<TencentRestReply>;
  sendUserMessage(message: UserMessage): Promise<TencentRestReply>;
};

export function createTencentRest(settings: TencentImSettings, options: TencentRestOptions = {}): TencentRest {
  const fetchImpl = options.fetch ?? fetch;
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? [200, 1000];
  const timeoutMs = options.timeoutMs ?? 5000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // The admin's sig is made once and again a day before it runs out, or when Tencent refuses it.
  const adminSigTtl = 7 * 86_400;
  let adminSig: { sig: string; renewAt: number } | undefined;
  const currentAdminSig = () => {
    if (!adminSig || Date.now() >= adminSig.renewAt) {
      adminSig = { sig: tencentUserSig(settings, settings.admin, adminSigTtl), renewAt: Date.now() + (adminSigTtl - 86_400) * 1000 };
    }
    return adminSig.sig;
  };

  async function post(path: string, body: string): Promise<{ reply?: TencentRestReply; transient: boolean; error: string; code: number }> {
    const query = new URLSearchParams({
      sdkappid: String(settings.sdkAppId),
      identifier: settings.admin,
      usersig: currentAdminSig(),
      random: String(crypto.randomInt(0, 2 ** 32 - 1)),
      contenttype: 'json',
    });
    let response: Response;
    try {
      response = await fetchImpl(`${settings.apiUrl}/v4/${path}?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { transient: true, error: error instanceof Error ? error.message : String(error), code: -1 };
    }
    if (!response.ok) return { transient: response.status >= 500 || response.status === 429, error: `HTTP ${response.status}`, code: -response.status };
    let reply: TencentRestReply;
    try {
      reply = (await response.json()) as TencentRestReply;
    } catch {
      return { transient: true, error: 'unreadable reply', code: -1 };
    }
    if (reply.ActionStatus === 'OK' && reply.ErrorCode === 0) return { reply, transient: false, error: '', code: 0 };
    if (userSigCodes.has(reply.ErrorCode)) adminSig = undefined;
    return { transient: transientCodes.has(reply.ErrorCode) || userSigCodes.has(reply.ErrorCode), error: `${reply.ErrorCode} ${reply.ErrorInfo}`, code: reply.ErrorCode };
  }

  /** One call, tried again on transient failures with the same body (and so the same message Random). */
  async function withRetries(path: string, body: string, about: Record<string, string>): Promise<TencentRestReply> {
    let last = { error: '', code: 0 };
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (attempt > 0) await sleep(backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 0);
      const outcome = await post(path, body);
      if (outcome.reply) return outcome.reply;
      last = outcome;
      if (!outcome.transient) break;
      log.warn('tencent im send failed', { ...about, path, attempt: attempt + 1, error: outcome.error });
    }
    throw new TencentRestError(`${path} (${Object.values(about).join(' ')}) failed: ${last.error}`, last.code);
  }

  return {
    async sendGroupMessage(message) {
      const body = JSON.stringify({
        GroupId: message.groupId,
        Random: crypto.randomInt(0, 2 ** 32 - 1),
        MsgBody: [{ MsgType: 'TIMCustomElem', MsgContent: { Data: message.data, Desc: message.type, Ext: '' } }],
        ...(message.onlineOnly ? { OnlineOnlyFlag: 1 } : {}),
        // Our own messages are already judged and stored: Tencent need not ask us about them again.
        ForbidCallbackControl: ['ForbidBeforeSendMsgCallback', 'ForbidAfterSendMsgCallback'],
      });
      return withRetries('group_open_http_svc/send_group_msg', body, { group: message.groupId, type: message.type });
    },
    async sendUserMessage(message) {
      const body = JSON.stringify({
        // 2: the message is not synced to the admin's other devices (the server is not a reader).
        SyncOtherMachine: 2,
        To_Account: message.toAccount,
        MsgRandom: crypto.randomInt(0, 2 ** 32 - 1),
        MsgBody: [{ MsgType: 'TIMCustomElem', MsgContent: { Data: message.data, Desc: message.type, Ext: '' } }],
        ForbidCallbackControl: ['ForbidBeforeSendMsgCallback', 'ForbidAfterSendMsgCallback'],
      });
      return withRetries('openim/sendmsg', body, { to: message.toAccount, type: message.type });
    },
  };
}
