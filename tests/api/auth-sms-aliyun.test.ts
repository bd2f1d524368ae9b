// The Alibaba Cloud SMS adapter (issue 25): the RPC signature reproduces Alibaba Cloud's documented example, the
// sender posts a correctly signed SendSms, and a refusal reaches the user as the generic "could not be sent" in
// their language while the provider's detail goes only to the log, and the unsent code is voided.
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { parseEnv } from '@/lib/env';
import { smsCodes } from '@/lib/db/schema';
import { log } from '@/lib/server/log';
import { createAliyunSender, percentEncode, rpcSignature } from '@/lib/server/sms/aliyun-sender';
import { newPhone, requestCode } from '@/tests/support/auth';

// Read at the first getEnv(), which no import makes at load time.
Object.assign(process.env, {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'test-access-key',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-access-secret',
  ALIYUN_SMS_SIGN_NAME: 'SportCast',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100001',
});

beforeAll(() => getDb(), 60_000);
afterEach(() => jest.restoreAllMocks());

describe('Alibaba Cloud RPC signing', () => {
  it('reproduces the SendSms example of Alibaba Cloud\'s "signature mechanism" document', () => {
    const { query, signature } = rpcSignature(
      'GET',
      {
        AccessKeyId: 'testId',
        Action: 'SendSms',
        Format: 'XML',
        OutId: '123',
        PhoneNumbers: '15300000001',
        RegionId: 'cn-hangzhou',
        SignName: '阿里云短信测试专用',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
        SignatureVersion: '1.0',
        TemplateCode: 'SMS_71390007',
        TemplateParam: '{"customer":"test"}',
        Timestamp: '2017-07-12T02:42:19Z',
        Version: '2017-05-25',
      },
      'testSecret',
    );
    expect(signature).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(query).toContain('SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&');
    expect(query).toContain('TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z');
  });

  it('percent-encodes as RFC 3986 does (space as %20, * and ! encoded, ~ kept)', () => {
    expect(percentEncode("a b*c~d!e'(f)")).toBe('a%20b%2Ac~d%21e%27%28f%29');
  });
});

describe('the Aliyun sender', () => {
  const config = {
    accessKeyId: 'id',
    accessKeySecret: 'secret',
    signName: 'SportCast',
    templateCode: 'SMS_100001',
    resetTemplateCode: 'SMS_100002',
    templateParam: 'code',
    region: 'cn-hangzhou',
    endpoint: 'dysmsapi.aliyuncs.com',
  };

  function recordingFetch(reply: unknown, status = 200) {
    const calls: { url: string; body: URLSearchParams }[] = [];
    const fetchImpl: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), body: new URLSearchParams(String(init?.body)) });
      return Response.json(reply, { status });
    };
    return { calls, fetchImpl };
  }

  it('posts SendSms with the code as the template variable, signed over every other field', async () => {
    const { calls, fetchImpl } = recordingFetch({ Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' });
    await createAliyunSender(config, fetchImpl).send({ mobile: '13812345678', code: '042317', purpose: 'reset' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://dysmsapi.aliyuncs.com/');
    const fields = Object.fromEntries(calls[0].body);
    expect(fields).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13812345678',
      SignName: 'SportCast',
      TemplateCode: 'SMS_100002',
      TemplateParam: '{"code":"042317"}',
      SignatureMethod: 'HMAC-SHA1',
    });
    expect(fields.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // What Alibaba Cloud does on receipt: sign the other fields again and compare.
    const { Signature, ...signed } = fields;
    expect(Signature).toBe(rpcSignature('POST', signed, 'secret').signature);
  });

  it('uses a fresh nonce for every message (Alibaba Cloud refuses a repeated one)', async () => {
    const { calls, fetchImpl } = recordingFetch({ Code: 'OK' });
    const sender = createAliyunSender(config, fetchImpl);
    await sender.send({ mobile: '13812345678', code: '1', purpose: 'login' });
    await sender.send({ mobile: '13812345678', code: '2', purpose: 'login' });
    expect(calls[0].body.get('TemplateCode')).toBe('SMS_100001');
    expect(calls[0].body.get('SignatureNonce')).not.toBe(calls[1].body.get('SignatureNonce'));
  });

  it('fails with the provider\'s code when Alibaba Cloud refuses, and when it answers no reply at all', async () => {
    const limited = recordingFetch({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', RequestId: 'r2' });
    await expect(createAliyunSender(config, limited.fetchImpl).send({ mobile: '13812345678', code: '1', purpose: 'login' })).rejects.toThrow(/isv\.BUSINESS_LIMIT_CONTROL/);
    const forbidden = recordingFetch({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' }, 400);
    await expect(createAliyunSender(config, forbidden.fetchImpl).send({ mobile: '13812345678', code: '1', purpose: 'login' })).rejects.toThrow(/SignatureDoesNotMatch/);
    const broken: typeof fetch = async () => new Response('<html>bad gateway</html>', { status: 502 });
    await expect(createAliyunSender(config, broken).send({ mobile: '13812345678', code: '1', purpose: 'login' })).rejects.toThrow(/HTTP 502/);
  });
});

describe('POST /api/user/sendCode through Alibaba Cloud', () => {
  it('tells the user only that the message could not be sent, in their language, logs why, and voids the code', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'invalid mobile', RequestId: 'r3' }));
    const errors = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const mobile = newPhone('1392');
    const reply = await requestCode(mobile, { headers: { lang: 'zh-CN' } });
    expect(reply).toMatchObject({ status: 1, msg: '短信发送失败，请稍后再试。' });
    expect(JSON.stringify(reply)).not.toContain('MOBILE_NUMBER_ILLEGAL');
    expect(errors).toHaveBeenCalledWith('sms send failed', expect.objectContaining({ error: expect.stringContaining('isv.MOBILE_NUMBER_ILLEGAL') }));
    const rows = await (await getDb()).select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(rows).toHaveLength(1);
    expect(rows[0].voidedAt).not.toBeNull();
  });

  it('sends through Alibaba Cloud when it accepts', async () => {
    const sent = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ Code: 'OK', Message: 'OK', RequestId: 'r4', BizId: 'b4' }));
    const mobile = newPhone('1392');
    const errors = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const reply = await requestCode(mobile, { headers: { lang: 'en-US' } });
    expect(errors).not.toHaveBeenCalled();
    expect(reply).toMatchObject({ status: 0 });
    const [url, init] = sent.mock.calls.find(([target]) => String(target).startsWith('https://dysmsapi.aliyuncs.com/'))!;
    expect(String(url)).toBe('https://dysmsapi.aliyuncs.com/');
    expect(new URLSearchParams(String(init?.body)).get('PhoneNumbers')).toBe(mobile);
  });
});

describe('Aliyun SMS configuration', () => {
  it('refuses to start without its credentials, naming what is missing, and checks template codes', () => {
    expect(() => parseEnv({ SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID: is required when SMS_PROVIDER=aliyun/);
    const complete = { SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'n', ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' };
    expect(parseEnv(complete)).toMatchObject({ ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com', ALIYUN_SMS_TEMPLATE_PARAM: 'code' });
    expect(() => parseEnv({ ...complete, ALIYUN_SMS_TEMPLATE_CODE: '100001' })).toThrow(/ALIYUN_SMS_TEMPLATE_CODE: must be a template code/);
  });
});
