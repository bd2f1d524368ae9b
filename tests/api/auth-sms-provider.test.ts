// The Tencent Cloud SMS adapter (signature checked against Tencent's published example), its configuration,
// and the messaging signature handed out in the user info.
import { parseEnv } from '@/lib/env';
import { createImSig, imSigTtlSeconds, verifyImSig } from '@/lib/server/session/im-sig';
import { createTencentSender, tc3Authorization, toE164 } from '@/lib/server/sms/tencent-sender';

describe('TC3-HMAC-SHA256 signing', () => {
  it('reproduces the signature of the example in Tencent Cloud\'s "Signature v3" documentation', () => {
    const authorization = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('writes mainland numbers with +86 and keeps international ones as stored', () => {
    expect(toE164('13812345678')).toBe('+8613812345678');
    expect(toE164('447700900123')).toBe('+447700900123');
  });
});

describe('the Tencent sender', () => {
  const config = {
    secretId: 'id',
    secretKey: 'key',
    sdkAppId: '1400000000',
    signName: 'SportCast',
    templateId: '100001',
    resetTemplateId: '100002',
    region: 'ap-guangzhou',
    endpoint: 'sms.tencentcloudapi.com',
  };

  function recordingFetch(reply: unknown) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return Response.json(reply);
    };
    return { calls, fetchImpl };
  }

  it('posts SendSms with the code as the template parameter and a signed request', async () => {
    const { calls, fetchImpl } = recordingFetch({ Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }], RequestId: 'r1' } });
    await createTencentSender(config, fetchImpl).send({ mobile: '13812345678', code: '042317', purpose: 'reset' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://sms.tencentcloudapi.com/');
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get('x-tc-action')).toBe('SendSms');
    expect(headers.get('x-tc-version')).toBe('2021-01-11');
    expect(headers.get('x-tc-region')).toBe('ap-guangzhou');
    expect(headers.get('authorization')).toMatch(/^TC3-HMAC-SHA256 Credential=id\/\d{4}-\d{2}-\d{2}\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      PhoneNumberSet: ['+8613812345678'],
      SmsSdkAppId: '1400000000',
      SignName: 'SportCast',
      TemplateId: '100002',
      TemplateParamSet: ['042317'],
    });
  });

  it('fails when Tencent refuses the request or the message', async () => {
    const refused = recordingFetch({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' }, RequestId: 'r2' } });
    await expect(createTencentSender(config, refused.fetchImpl).send({ mobile: '13812345678', code: '1', purpose: 'login' })).rejects.toThrow(/AuthFailure/);
    const undelivered = recordingFetch({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'limit' }], RequestId: 'r3' } });
    await expect(createTencentSender(config, undelivered.fetchImpl).send({ mobile: '13812345678', code: '1', purpose: 'login' })).rejects.toThrow(/DailyLimit/);
  });
});

describe('SMS configuration', () => {
  it('uses the console sender by default', () => {
    expect(parseEnv({}).SMS_PROVIDER).toBe('console');
  });

  it('refuses to start with SMS_PROVIDER=tencent and no credentials, naming what is missing', () => {
    expect(() => parseEnv({ SMS_PROVIDER: 'tencent' })).toThrow(/TENCENT_SMS_SECRET_ID: is required when SMS_PROVIDER=tencent/);
    const complete = {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: 'SportCast',
      TENCENT_SMS_TEMPLATE_ID: '100001',
    };
    expect(parseEnv(complete).TENCENT_SMS_ENDPOINT).toBe('sms.tencentcloudapi.com');
  });
});

describe('the messaging signature (sig)', () => {
  it('verifies for its user and session until it expires, and not for anyone else or once altered', () => {
    const now = Date.now();
    const sig = createImSig(42, 7, now);
    expect(verifyImSig(42, sig, now)).toEqual({ sessionId: 7 });
    expect(verifyImSig(43, sig, now)).toBeUndefined();
    expect(verifyImSig(42, sig.replace(/.$/, (last) => (last === '0' ? '1' : '0')), now)).toBeUndefined();
    // Moving the sig to another session breaks it.
    expect(verifyImSig(42, sig.replace('.7.', '.8.'), now)).toBeUndefined();
    expect(verifyImSig(42, sig, now + (imSigTtlSeconds + 1) * 1000)).toBeUndefined();
    expect(verifyImSig(42, 'garbage', now)).toBeUndefined();
  });
});
