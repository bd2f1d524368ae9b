import { loginInput, newPasswordPairSchema, phoneSchema, registerInput } from './auth';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues[0];

describe('phoneSchema', () => {
  it('removes spaces and follows the Chinese rule in zh-CN', () => {
    expect(phoneSchema('zh-CN').parse(' 138 1234 5678 ')).toBe('13812345678');
    expect(firstMessage(phoneSchema('zh-CN').safeParse('12812345678'))?.message).toBe('validation.phoneInvalid');
    expect(firstMessage(phoneSchema('zh-CN').safeParse('   '))?.message).toBe('validation.phoneRequired');
  });

  it('takes an international number with its country code in en-US, stored without the +', () => {
    expect(phoneSchema('en-US').parse('+44 7700 900123')).toBe('447700900123');
    expect(firstMessage(phoneSchema('en-US').safeParse('12345'))?.message).toBe('validation.phoneInvalid');
  });
});

describe('newPasswordPairSchema', () => {
  it('points a mismatch at the confirmation field', () => {
    const issue = firstMessage(newPasswordPairSchema.safeParse({ passwd1: 'Goal12ab', passwd2: 'Goal12ac' }));
    expect(issue).toMatchObject({ message: 'validation.passwordMismatch', path: ['passwd2'] });
  });
});

describe('loginInput', () => {
  it('checks pwd as a 6-digit code for SMS login and as a password for password login', () => {
    expect(firstMessage(loginInput('en-US').safeParse({ account: '13812345678', pwd: 'abc123', login_type: 2 }))?.message).toBe('validation.codeInvalid');
    expect(loginInput('en-US').parse({ account: '13812345678', pwd: ' 123456 ', login_type: '2' })).toMatchObject({ pwd: '123456', login_type: 2, captcha_id: '' });
    expect(firstMessage(loginInput('en-US').safeParse({ account: '13812345678', pwd: '123456', login_type: 1 }))?.message).toBe('validation.passwordLettersAndDigits');
  });
});

describe('registerInput', () => {
  it('accepts the spec\'s empty pwd and checks a non-empty one against the new-password rules', () => {
    expect(registerInput('zh-CN').parse({ account: '13812345678', mobile_hash: 'h' }).pwd).toBe('');
    expect(firstMessage(registerInput('zh-CN').safeParse({ account: '13812345678', mobile_hash: 'h', pwd: 'abcdefghij123' }))?.message).toBe('validation.passwordTooLong');
    expect(firstMessage(registerInput('zh-CN').safeParse({ account: '13812345678' }))?.message).toBe('validation.mobileHashRequired');
  });
});
