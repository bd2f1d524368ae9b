/** @jest-environment node */
import path from 'node:path';
import { EnvError, parseEnv } from '@/lib/env';

describe('parseEnv', () => {
  it('gives safe defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: 'development', ROLES: ['web', 'realtime', 'media', 'jobs'], RESPONSE_OBFUSCATION: false });
    expect(env.dataDir).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ ROLES: 'web,video' })).toThrow(/ROLES: unknown role\(s\) "video"/);
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('reads roles, flags and URLs', () => {
    const env = parseEnv({ ROLES: 'web, jobs', RESPONSE_OBFUSCATION: 'on', DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379' });
    expect(env.ROLES).toEqual(['web', 'jobs']);
    expect(env.RESPONSE_OBFUSCATION).toBe(true);
  });

  it('reads the page micro-cache settings, 0 turning it off', () => {
    expect(parseEnv({})).toMatchObject({ PAGE_CACHE_TTL_MS: 1000, PAGE_CACHE_MAX_MB: 32 });
    expect(parseEnv({ PAGE_CACHE_TTL_MS: '0' }).PAGE_CACHE_TTL_MS).toBe(0);
    expect(() => parseEnv({ PAGE_CACHE_TTL_MS: '-1' })).toThrow(/PAGE_CACHE_TTL_MS/);
    expect(() => parseEnv({ PAGE_CACHE_MAX_MB: '0' })).toThrow(/PAGE_CACHE_MAX_MB/);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('takes a Tencent Cloud Chat app with its key, or neither', () => {
    expect(parseEnv({}).TENCENT_IM_SDK_APP_ID).toBeUndefined();
    const env = parseEnv({ TENCENT_IM_SDK_APP_ID: '1400000001', TENCENT_IM_SECRET_KEY: 'a-secret-key-of-the-app' });
    expect(env).toMatchObject({ TENCENT_IM_ADMIN: 'administrator', TENCENT_IM_USERSIG_TTL_SECONDS: 86_400, TENCENT_IM_API_URL: 'https://console.tim.qq.com', TENCENT_IM_GROUP_MSGS_PER_SECOND: 40 });
    expect(() => parseEnv({ TENCENT_IM_SDK_APP_ID: '1400000001' })).toThrow(/TENCENT_IM_SECRET_KEY: is required/);
    expect(() => parseEnv({ TENCENT_IM_SECRET_KEY: 'a-secret-key-of-the-app' })).toThrow(/TENCENT_IM_SDK_APP_ID: is required/);
    expect(() => parseEnv({ TENCENT_IM_SDK_APP_ID: 'app' })).toThrow(/TENCENT_IM_SDK_APP_ID/);
    expect(() => parseEnv({ TENCENT_IM_GROUP_MSGS_PER_SECOND: '41' })).toThrow(/TENCENT_IM_GROUP_MSGS_PER_SECOND/);
    expect(() => parseEnv({ TENCENT_IM_CALLBACK_TOKEN: 'has spaces' })).toThrow(/TENCENT_IM_CALLBACK_TOKEN/);
  });
});

describe('the sandbox payment provider', () => {
  const publicProduction = { NODE_ENV: 'production', SEED_DEMO: 'off', SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'id', TENCENT_SMS_SECRET_KEY: 'key', TENCENT_SMS_SDK_APP_ID: '1400000000', TENCENT_SMS_SIGN_NAME: 'Sign', TENCENT_SMS_TEMPLATE_ID: '1' };

  it('gives gems away, so a public production site without the demo must turn it off', () => {
    expect(() => parseEnv(publicProduction)).toThrow(/PAYMENT_SANDBOX: the sandbox checkout gives gems away/);
    expect(parseEnv({ ...publicProduction, PAYMENT_SANDBOX: 'off' }).PAYMENT_SANDBOX).toBe(false);
    expect(parseEnv({ ...publicProduction, SEED_DEMO: 'on' }).PAYMENT_SANDBOX).toBe(true);
    expect(parseEnv({}).PAYMENT_SANDBOX).toBe(true);
  });

  it('checks the payment settings it reads', () => {
    expect(() => parseEnv({ ALIPAY_APP_ID: 'app' })).toThrow(/ALIPAY_APP_ID: must be the numeric app id/);
    expect(() => parseEnv({ RECHARGE_ORDER_TTL_MINUTES: '5' })).toThrow(/RECHARGE_ORDER_TTL_MINUTES/);
    expect(parseEnv({}).ALIPAY_GATEWAY).toBe('https://openapi.alipay.com/gateway.do');
  });
});
