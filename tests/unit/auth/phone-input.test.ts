import { anchorIdFromPath, digitsOnly, formatPhoneInput } from '@/components/auth/phone-input';

describe('phone field formatting', () => {
  it('groups a Chinese mobile number 3-4-4', () => {
    expect(formatPhoneInput('13812345678', 'zh-CN')).toBe('138 1234 5678');
    expect(formatPhoneInput('1381', 'zh-CN')).toBe('138 1');
    expect(formatPhoneInput('138', 'zh-CN')).toBe('138');
  });

  it('keeps digits only, removing spaces, dashes and letters', () => {
    expect(formatPhoneInput(' 138-1234 abc 5678 ', 'zh-CN')).toBe('138 1234 5678');
    expect(formatPhoneInput('+44 7700', 'en-US')).toBe('447 700');
  });

  it('stops at 13 characters (11 digits) in zh-CN', () => {
    const shown = formatPhoneInput('1381234567899999', 'zh-CN');
    expect(shown).toBe('138 1234 5678');
    expect(shown).toHaveLength(13);
  });

  it('allows a full international number with its country code elsewhere', () => {
    expect(formatPhoneInput('4477009001234567', 'en-US')).toBe('447 7009 0012 3456');
  });

  it('reformats cleanly when a digit is deleted in the middle', () => {
    expect(formatPhoneInput('138 124 5678', 'zh-CN')).toBe('138 1245 678');
  });

  it('keeps a code to its digits and length', () => {
    expect(digitsOnly('12a 34-5678', 6)).toBe('123456');
  });
});

describe('registration anchor id', () => {
  it('is the anchor of the live room being watched, else 0', () => {
    expect(anchorIdFromPath('/liveMatchesTwo/1024')).toBe(1024);
    expect(anchorIdFromPath('/liveMatchesTwo/1024/')).toBe(1024);
    expect(anchorIdFromPath('/home')).toBe(0);
    expect(anchorIdFromPath('/liveMatchesTwo/abc')).toBe(0);
    expect(anchorIdFromPath('/anchorInfo/1024')).toBe(0);
  });
});
