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

  const brand = (payments?: unknown) => ({
    id: 'demo',
    name: { 'en-US': 'Demo' },
    hosts: ['demo.example'],
    regSource: 'DEMO',
    channel: 'demo',
    logo: '/brands/demo.svg',
    themeColor: '#16a34a',
    locale: 'en-US',
    rootShowsLive: false,
    ...(payments === undefined ? {} : { payments }),
  });

  it('gives a brand without payment settings dollar prices and the sandbox, and offers Alipay for yuan only', () => {
    expect(parseBrandRegistry({ defaultBrand: 'demo', brands: [brand()] }).brands[0].payments).toEqual({ currency: 'USD', providers: ['sandbox'] });
    expect(parseBrandRegistry({ defaultBrand: 'demo', brands: [brand({ currency: 'CNY', providers: ['alipay'] })] }).brands[0].payments.providers).toEqual(['alipay']);
    expect(() => parseBrandRegistry({ defaultBrand: 'demo', brands: [brand({ currency: 'USD', providers: ['alipay'] })] })).toThrow(/Alipay is offered for CNY prices only/);
    expect(() => parseBrandRegistry({ defaultBrand: 'demo', brands: [brand({ currency: 'usd', providers: ['stripe'] })] })).toThrow(/ISO 4217/);
  });
});
