// The one place that reads process.env: every setting, validated once, with a safe default.
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultResponseObfuscationKey } from '@/lib/http/config';
import { validTimeZone } from '@/lib/format/time-zone';

const roleNames = ['web', 'realtime', 'media', 'jobs'] as const;
export type Role = (typeof roleNames)[number];

export type DatabaseTimeouts = { connectMs: number; statementMs: number; lockMs: number; idleInTransactionMs: number };
export const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 10_000, statementMs: 30_000, lockMs: 10_000, idleInTransactionMs: 60_000 };

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off'])
  .transform((value) => value === '1' || value === 'true' || value === 'on');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // postgres://… selects a real Postgres; memory:// an in-memory PGlite; unset: PGlite under DATA_DIR.
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, 'must start with postgres://, postgresql:// or memory://')
    .optional(),
  // Postgres pool limits (milliseconds; 0 turns one off): waiting for a connection, one statement, waiting for a
  // row or table lock, a transaction left open and idle. A stuck query or a forgotten transaction then ends with
  // an error instead of holding a connection (and its locks) for ever.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(defaultDatabaseTimeouts.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(defaultDatabaseTimeouts.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(defaultDatabaseTimeouts.lockMs),
  DATABASE_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(defaultDatabaseTimeouts.idleInTransactionMs),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  // Every Redis key and channel starts with it, so installs (or test files) sharing one Redis never see each other's.
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'letters, digits and _ . : - only (up to 40)').default('sc:'),
  ROLES: z
    .string()
    .default(roleNames.join(','))
    .transform((value, ctx) => {
      const roles = value.split(',').map((role) => role.trim()).filter(Boolean);
      const unknown = roles.filter((role) => !(roleNames as readonly string[]).includes(role));
      if (unknown.length > 0 || roles.length === 0) {
        ctx.addIssue({ code: 'custom', message: `unknown role(s) "${unknown.join(',')}"; use any of ${roleNames.join(',')}` });
        return z.NEVER;
      }
      return roles as Role[];
    }),
  // Seals the session cookie. Unset: a random secret is generated once and kept in DATA_DIR.
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // A session unused this long ends before its TTL; the web client's token is replaced this often.
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  SESSION_ROTATE_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
  BRANDS_FILE: z.string().min(1).optional(),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SEED_DEMO: booleanFlag.default(true),
  // Tests only: every demo account gets this password instead of a random one (DATA_DIR/demo-accounts.txt).
  // Refused unless the server is reachable from this machine alone (see reachableOnlyFromThisMachine).
  DEMO_PASSWORD: z
    .string()
    .regex(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,64}$/, 'must be 8 to 64 letters and digits, both')
    .optional(),
  // Stopping (SIGTERM): requests in flight get SHUTDOWN_DRAIN_MS to finish before their connections are cut;
  // after SHUTDOWN_TIMEOUT_MS the process exits whatever is still running.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(900_000).default(20_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  // /metrics (docs/operations.md): without a token only a direct loopback request (no proxy in between) is answered;
  // with one, only a request that brings it as a bearer token.
  METRICS_TOKEN: z.string().regex(/^[\w.~+/-]{16,200}$/, 'must be 16 to 200 URL-safe characters').optional(),
  // Response obfuscation of spec §7/§9: off by default. Not security: the key ships in the browser bundle.
  RESPONSE_OBFUSCATION: booleanFlag.default(false),
  NEXT_PUBLIC_RESPONSE_OBFUSCATION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64')
    .default(defaultResponseObfuscationKey),
  // The demo replay of real matches: 1 = real time; e2e runs use ~60. Unset keeps the stored pace.
  MATCH_REPLAY_SPEED: z.coerce.number().positive().max(1000).optional(),
  MATCH_REPLAY: booleanFlag.default(true),
  // The longest wait for the next kick-off the demo replay allows, in wall-clock minutes (0 = never skip).
  MATCH_REPLAY_MAX_GAP_MINUTES: z.coerce.number().min(0).max(100_000).default(10),
  // A live-data provider's JSON document (docs/match-feed-provider.md), polled by the jobs role.
  MATCH_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Build-time settings, read here too so the server logs what it runs.
  BUILD_VARIANT: z.enum(['standard', 'sem']).default('standard'),
  // The in-process micro-cache of public pages (docs/match-pages.md): how long a rendered page is reused
  // for anonymous visitors (0 turns it off), and the memory it may take.
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
  // Reverse proxies in front of the app (addresses or CIDR blocks, comma-separated): only a request arriving
  // from one of them has its X-Forwarded-For believed (lib/server/http/forwarded.ts). Unset: none.
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
      try {
        trustedProxyList(entries);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
      return entries;
    }),
  // WebSocket connections one client address may hold on one gateway process (an IPv6 /64 counts as one address).
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  // console: codes go to the log and $DATA_DIR/sms-outbox.jsonl; tencent: Tencent Cloud SMS (TENCENT_SMS_*);
  // aliyun: Alibaba Cloud SMS (ALIYUN_SMS_*).
  SMS_PROVIDER: z.enum(['console', 'tencent', 'aliyun']).default('console'),
  // Spec §9: one code per phone per minute (the dialog counts 60 s). The e2e servers lower it: their journeys sign the
  // same demo accounts in one after another.
  SMS_RESEND_GAP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMS_PHONE_HOURLY_LIMIT: z.coerce.number().int().min(1).default(5),
  SMS_PHONE_DAILY_LIMIT: z.coerce.number().int().min(1).default(10),
  SMS_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(20),
  SMS_IP_DAILY_LIMIT: z.coerce.number().int().min(1).default(100),
  // The console sender's outbox (login codes) is rotated once its oldest line is this old.
  SMS_OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  TENCENT_SMS_SECRET_ID: z.string().min(1).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric SdkAppId').optional(),
  TENCENT_SMS_SIGN_NAME: z.string().min(1).optional(),
  // The template's only parameter is the code; a separate template may serve password resets.
  TENCENT_SMS_TEMPLATE_ID: z.string().regex(/^\d+$/, 'must be a numeric template id').optional(),
  TENCENT_SMS_RESET_TEMPLATE_ID: z.string().regex(/^\d+$/, 'must be a numeric template id').optional(),
  TENCENT_SMS_REGION: z.string().min(1).default('ap-guangzhou'),
  // sms.intl.tencentcloudapi.com for Tencent Cloud International accounts.
  TENCENT_SMS_ENDPOINT: z.string().regex(/^[a-z0-9.-]+$/, 'a host name').default('sms.tencentcloudapi.com'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
  // Template codes look like SMS_123456789; the template's one variable (ALIYUN_SMS_TEMPLATE_PARAM) is the code.
  ALIYUN_SMS_TEMPLATE_CODE: z.string().regex(/^SMS_\d+$/, 'must be a template code such as SMS_123456789').optional(),
  ALIYUN_SMS_RESET_TEMPLATE_CODE: z.string().regex(/^SMS_\d+$/, 'must be a template code such as SMS_123456789').optional(),
  ALIYUN_SMS_TEMPLATE_PARAM: z.string().regex(/^\w{1,32}$/, 'a template variable name').default('code'),
  ALIYUN_SMS_REGION: z.string().min(1).default('cn-hangzhou'),
  // dysmsapi.ap-southeast-1.aliyuncs.com for Alibaba Cloud International accounts.
  ALIYUN_SMS_ENDPOINT: z.string().regex(/^[a-z0-9.-]+$/, 'a host name').default('dysmsapi.aliyuncs.com'),
  // ── Tencent Cloud Chat (docs/im.md) ──
  // The IM app a brand selects with its app config `im_sdkappid` (0 keeps the built-in gateway): its SDKAppID and
  // secret key sign every UserSig, the admin account's included, which the server's REST calls carry.
  TENCENT_IM_SDK_APP_ID: z.string().regex(/^[1-9]\d{0,11}$/, 'must be the numeric SDKAppID').optional(),
  TENCENT_IM_SECRET_KEY: z.string().min(16, 'must be the app\'s secret key').optional(),
  // The app administrator account the server sends room messages as (an App admin in Tencent's console).
  TENCENT_IM_ADMIN: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '1 to 32 letters, digits, _ or -').default('administrator'),
  // How long a UserSig handed to a browser holds, in seconds.
  TENCENT_IM_USERSIG_TTL_SECONDS: z.coerce.number().int().min(300).max(15_552_000).default(86_400),
  // The REST API's base (console.tim.qq.com; adminapisgp.im.qcloud.com and others for the other data centres).
  TENCENT_IM_API_URL: z.url({ protocol: /^https?$/ }).default('https://console.tim.qq.com'),
  // The callback token set in Tencent's console (callback authentication): unsigned callbacks are then refused.
  TENCENT_IM_CALLBACK_TOKEN: z.string().regex(/^[A-Za-z0-9]{1,32}$/, '1 to 32 letters and digits').optional(),
  // Server-sent messages per second into one group (Tencent allows 40 per live group, client messages included).
  TENCENT_IM_GROUP_MSGS_PER_SECOND: z.coerce.number().int().min(1).max(40).default(40),
  // ── Gifts (docs/gifts.md) ──
  // The anchor's share of what a gift costs, in percent; the house keeps the rest.
  GIFT_ANCHOR_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(50),
  // ── Quizzes (docs/quizzes.md) ──
  // The house's cut of a settled quiz pool, in basis points (500 = 5%); the winners share the rest.
  QUIZ_HOUSE_CUT_BPS: z.coerce.number().int().min(0).max(5000).default(500),
  // The most one user may stake on quizzes in one UTC day, in hundredths (1000000 = 10 000.00).
  QUIZ_DAILY_STAKE_CAP: z.coerce.number().int().min(100).max(Number.MAX_SAFE_INTEGER).default(1_000_000),
  // Bets paid (or refunded) per settlement transaction; a crash resumes at the next unpaid bet.
  QUIZ_SETTLE_CHUNK: z.coerce.number().int().min(1).max(50_000).default(5_000),
  // ── Daily check-in (docs/checkin.md) ──
  // The site's day boundary for check-ins (an IANA zone): a check-in day runs from midnight to midnight there.
  CHECKIN_TIME_ZONE: z.string().refine((zone) => validTimeZone(zone) !== undefined, 'an IANA time zone such as Asia/Shanghai').default('Asia/Shanghai'),
  // What a retroactive check-in of a missed day costs, in hundredths of gold (500 = 5.00 diamonds).
  CHECKIN_RETRO_COST: z.coerce.number().int().min(1).max(100_000_000).default(500),
  // Retroactive check-ins one user may make per calendar month (site time zone); 0 turns them off.
  CHECKIN_RETRO_MONTHLY_LIMIT: z.coerce.number().int().min(0).max(31).default(3),
  // Anti-farming: check-ins (of distinct accounts) one device, and one IP address, may make in 24 hours.
  CHECKIN_DEVICE_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(3),
  CHECKIN_IP_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // ── Live streaming (docs/live.md) ──
  // embedded: node-media-server inside the `media` role; external: SRS or nginx-rtmp reached by URL templates and hooks.
  MEDIA_SERVER: z.enum(['embedded', 'external']).default('embedded'),
  // Where the embedded RTMP and HTTP-FLV ports listen. Unset: HOST.
  MEDIA_HOST: z.string().min(1).optional(),
  MEDIA_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  // This embedded media process's name, stable across restarts; unset: <host name>:<MEDIA_RTMP_PORT>.
  MEDIA_NODE_ID: z.string().min(1).max(200).optional(),
  // HTTP-FLV and WS-FLV of the embedded server.
  MEDIA_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  // What viewers and encoders are told. Unset: the host of the page's request with the ports above.
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  MEDIA_RTMP_PUBLIC_URL: z.url({ protocol: /^rtmps?$/ }).optional(),
  // External media server: {stream}, {key} and {rung} are filled in; see docs/live.md.
  MEDIA_PUSH_URL_TEMPLATE: z.string().min(1).optional(),
  MEDIA_FLV_URL_TEMPLATE: z.string().min(1).optional(),
  MEDIA_HLS_URL_TEMPLATE: z.string().min(1).optional(),
  MEDIA_WEBRTC_PUSH_URL_TEMPLATE: z.string().min(1).optional(),
  // nginx-rtmp's control module (…/control/drop/publisher?app=live&name={stream}): ending a live drops its publisher.
  MEDIA_DROP_URL_TEMPLATE: z.string().min(1).optional(),
  // External media server: the folder it records into (nginx-rtmp's record_path), shared with this machine. The
  // record-done hook takes files from there only and turns them into replays; unset, the hook refuses them.
  MEDIA_RECORD_DIR: z.string().min(1).optional(),
  // External media server: its hooks must present this secret (`?secret=` on the hook URL, or the
  // X-Media-Hook-Secret header); required with MEDIA_SERVER=external.
  MEDIA_HOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Signs push keys and HD play URLs. Unset: derived from the session secret.
  MEDIA_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MEDIA_HD_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(7200),
  // A CDN in front of the external server checks HD and paid addresses itself: tencent (txSecret/txTime) or
  // aliyun (auth_key type A), signed with MEDIA_CDN_KEY, the key set in the CDN's console (docs/live.md).
  MEDIA_CDN_SIGNING: z.enum(['none', 'tencent', 'aliyun']).default('none'),
  MEDIA_CDN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  // An anchor whose stream dropped is "away" this long before the live ends.
  LIVE_AWAY_GRACE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  // ffmpeg for HLS, the 1080p/720p/480p ladder, recordings and demo streams. Unset: /usr/bin/ffmpeg or PATH; "off" disables.
  FFMPEG_PATH: z.string().min(1).optional(),
  MEDIA_TRANSCODE: booleanFlag.default(true),
  MEDIA_RECORD: booleanFlag.default(true),
  // Replays older than this many days are deleted (row and file); 0 keeps them for ever.
  REPLAY_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  // Demo anchors push a test pattern with a running clock while the server runs (needs ffmpeg and the demo seed).
  DEMO_STREAMS: booleanFlag.default(true),
  // Where covers go: local disk under DATA_DIR/uploads, or Alibaba Cloud OSS (browser uploads with STS credentials).
  STORAGE: z.enum(['local', 'oss']).default('local'),
  OSS_REGION: z.string().regex(/^oss-[a-z0-9-]+$/, 'an OSS region such as oss-cn-hangzhou').optional(),
  OSS_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, 'a bucket name').optional(),
  OSS_ACCESS_KEY_ID: z.string().min(1).optional(),
  OSS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  // The RAM role the STS credentials assume (acs:ram::<account>:role/<name>).
  OSS_ROLE_ARN: z.string().regex(/^acs:ram::\d+:role\/.+$/, 'a RAM role ARN').optional(),
  OSS_STS_ENDPOINT: z.url({ protocol: /^https?$/ }).default('https://sts.aliyuncs.com'),
  // The OSS API address when not the region's public one (e.g. its internal endpoint inside Alibaba Cloud).
  OSS_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  // Public base of the bucket's objects (a CDN domain); unset: https://<bucket>.<region>.aliyuncs.com
  OSS_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // ── Recharge (docs/recharge.md) ──
  // Our own hosted checkout that pays or fails on a click: free gems for anyone, so a public production site
  // without the demo must turn it off.
  PAYMENT_SANDBOX: booleanFlag.default(true),
  // Stripe Checkout for the brands that list "stripe": both are needed to enable it.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Where the Stripe API is reached (a proxy, or a local stand-in in tests). Unset: Stripe's own.
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Alipay page/wap pay for the brands that list "alipay": the app id, the app's private key (PEM or bare
  // base64 PKCS#8) and Alipay's public key (PEM or bare base64): all three are needed to enable it.
  ALIPAY_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric app id').optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url({ protocol: /^https?$/ }).default('https://openapi.alipay.com/gateway.do'),
  // Checkouts left unpaid this long show as expired (a payment that still arrives later is credited).
  RECHARGE_ORDER_TTL_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
}).superRefine((env, ctx) => {
  if (env.DEMO_PASSWORD && !reachableOnlyFromThisMachine(env)) {
    ctx.addIssue({ code: 'custom', path: ['DEMO_PASSWORD'], message: 'is for tests: only with a loopback HOST (127.0.0.1, ::1, localhost) and no TRUSTED_PROXIES' });
  }
  // The console sender writes codes to a file instead of sending them: a real site serving others needs a real one.
  if (env.SMS_PROVIDER === 'console' && env.NODE_ENV === 'production' && !env.SEED_DEMO && !reachableOnlyFromThisMachine(env)) {
    ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'console sends no text messages: set SMS_PROVIDER=tencent or aliyun for a site others use (docs/security.md)' });
  }
  if (env.PAYMENT_SANDBOX && env.NODE_ENV === 'production' && !env.SEED_DEMO && !reachableOnlyFromThisMachine(env)) {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_SANDBOX'], message: 'the sandbox checkout gives gems away: set PAYMENT_SANDBOX=off for a site others use (docs/recharge.md)' });
  }
  if (env.STORAGE === 'oss') {
    for (const name of ['OSS_REGION', 'OSS_BUCKET', 'OSS_ACCESS_KEY_ID', 'OSS_ACCESS_KEY_SECRET', 'OSS_ROLE_ARN'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE=oss' });
    }
  }
  if (env.MEDIA_SERVER === 'external') {
    for (const name of ['MEDIA_PUSH_URL_TEMPLATE', 'MEDIA_HOOK_SECRET'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when MEDIA_SERVER=external' });
    }
    // nginx-rtmp offers no HTTP-FLV: HLS alone is enough, but players need one of the two.
    if (!env.MEDIA_FLV_URL_TEMPLATE && !env.MEDIA_HLS_URL_TEMPLATE) {
      ctx.addIssue({ code: 'custom', path: ['MEDIA_FLV_URL_TEMPLATE'], message: 'or MEDIA_HLS_URL_TEMPLATE is required when MEDIA_SERVER=external' });
    }
  }
  if (env.MEDIA_CDN_SIGNING !== 'none') {
    if (env.MEDIA_SERVER !== 'external') ctx.addIssue({ code: 'custom', path: ['MEDIA_CDN_SIGNING'], message: 'needs MEDIA_SERVER=external (a CDN fronts an external media server)' });
    if (!env.MEDIA_CDN_KEY) ctx.addIssue({ code: 'custom', path: ['MEDIA_CDN_KEY'], message: 'is required when MEDIA_CDN_SIGNING is set' });
    for (const name of ['MEDIA_FLV_URL_TEMPLATE', 'MEDIA_HLS_URL_TEMPLATE'] as const) {
      if (env[name] && !/^https?:\/\//.test(env[name])) ctx.addIssue({ code: 'custom', path: [name], message: 'must be an absolute http(s) address on the CDN when MEDIA_CDN_SIGNING is set' });
    }
  }
  const smsRequired = {
    console: [],
    tencent: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID'],
    aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'],
  } as const;
  for (const name of smsRequired[env.SMS_PROVIDER]) {
    if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
  }
  // Half a Tencent IM configuration signs nothing: both or neither.
  if (Boolean(env.TENCENT_IM_SDK_APP_ID) !== Boolean(env.TENCENT_IM_SECRET_KEY)) {
    const missing = env.TENCENT_IM_SDK_APP_ID ? 'TENCENT_IM_SECRET_KEY' : 'TENCENT_IM_SDK_APP_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other TENCENT_IM_ setting (docs/im.md)' });
  }
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/**
 * Whether only this machine can reach the site: it listens on a loopback address and no proxy forwards to it.
 * Known passwords and codes kept in a file are acceptable there, and nowhere else.
 */
function reachableOnlyFromThisMachine(env: Pick<Env, 'HOST' | 'TRUSTED_PROXIES'>): boolean {
  const host = env.HOST.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  return loopback && env.TRUSTED_PROXIES.length === 0;
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "not set", as they do in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  // A replaced setting stops start-up with what to do instead, rather than being ignored.
  if (cleaned.TRUST_PROXY_HOPS !== undefined && cleaned.TRUST_PROXY_HOPS !== '0') {
    throw new EnvError(
      'Invalid configuration:\n  TRUST_PROXY_HOPS: was replaced by TRUSTED_PROXIES, the addresses of your proxies (e.g. TRUSTED_PROXIES=127.0.0.1 for nginx on this machine; docs/security.md)',
    );
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, dataDir: path.resolve(env.DATA_DIR) };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function hasRole(role: Role): boolean {
  return getEnv().ROLES.includes(role);
}

/** Parses TRUSTED_PROXIES entries (addresses or CIDR blocks, IPv4 or IPv6); throws naming a bad entry. */
export function trustedProxyList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits))) {
      throw new Error(`"${entry}" is not an IP address or CIDR block`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}
