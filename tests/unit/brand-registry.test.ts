/** @jest-environment node */
import { parseBrandRegistry, resolveBrand } from '@/lib/brand/registry';

describe('resolveBrand', () => {
  it('maps each demo host to its brand, ignoring port and case', () => {
    expect(resolveBrand('localhost:3000').id).toBe('sportcast');
    expect(resolveBrand('ZH.localhost:3000')).toMatchObject({ id: 'qiuba', regSource: 'QIUBA', locale: 'zh-CN', rootShowsLive: true });
    expect(resolveBrand('live.qiuba.example').id).toBe('qiuba');
  });

  it('gives unknown hosts the default brand with reg-source OFFICIAL', () => {
    expect(resolveBrand('unknown.example')).toMatchObject({ id: 'sportcast', regSource: 'OFFICIAL' });
    expect(resolveBrand(undefined).regSource).toBe('OFFICIAL');
  });

  it('does not let a wildcard match the bare domain or a look-alike', () => {
    expect(resolveBrand('qiuba.example').id).toBe('qiuba'); // listed explicitly
    expect(resolveBrand('evilqiuba.example').id).toBe('sportcast');
  });
});

describe('parseBrandRegistry', () => {
  it('refuses a registry whose default brand does not exist', () => {
    expect(() => parseBrandRegistry({ defaultBrand: 'nope', brands: [] })).toThrow();
  });
});
