/** @jest-environment node */
import { deobfuscate, obfuscate } from './obfuscation';

const key = 'c3BvcnRjYXN0LW9iZnVzY2F0aW9uLWtleS0zMmJ5dGU=';
const otherKey = 'b3RoZXIta2V5LXRoYXQtaXMtMzItYnl0ZXMtbG9uZyE=';
const data = { config: { ticket_switch: 1, weibo: 'https://weibo.com/' }, chips: [1000, 5000], name: '足球' };

describe('response obfuscation (spec §7/§9)', () => {
  it('gives back exactly what went in, with the millisecond timestamp as suffix', async () => {
    const sealed = await obfuscate(data, key, 1_760_000_000_123);
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+=*\.1760000000123$/);
    expect(sealed).not.toContain('ticket_switch');
    await expect(deobfuscate(sealed, key)).resolves.toEqual(data);
  });

  it('seals the same data differently each time', async () => {
    expect(await obfuscate(data, key, 1)).not.toBe(await obfuscate(data, key, 1));
  });

  it('refuses a reply whose timestamp suffix was changed', async () => {
    const sealed = await obfuscate(data, key, 1_760_000_000_123);
    await expect(deobfuscate(sealed.replace(/\.\d+$/, '.1760000000124'), key)).rejects.toThrow();
    await expect(deobfuscate(sealed.replace(/\.\d+$/, ''), key)).rejects.toThrow(/timestamp/);
  });

  it('refuses to open with another key', async () => {
    const sealed = await obfuscate(data, key);
    await expect(deobfuscate(sealed, otherKey)).rejects.toThrow();
  });

  it('round-trips null data', async () => {
    await expect(deobfuscate(await obfuscate(null, key), key)).resolves.toBeNull();
  });
});
