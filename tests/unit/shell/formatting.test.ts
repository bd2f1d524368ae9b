import { downloadPageUrl, socialQr } from '@/components/shell/download-links';
import { brandPalette, contrastRatio, darkSurface } from '@/lib/format/color';
import { formatPeriod, isoFromUnix } from '@/lib/format/date-time';
import { formatUnreadCount } from '@/lib/format/unread';

describe('formatUnreadCount', () => {
  it("hides 0, shows up to 99, and '99+' above", () => {
    expect(formatUnreadCount(0)).toBeNull();
    expect(formatUnreadCount(1)).toBe('1');
    expect(formatUnreadCount(99)).toBe('99');
    expect(formatUnreadCount(100)).toBe('99+');
  });
});

describe('downloadPageUrl', () => {
  it('uses the mobile-site domain, adding a scheme when the operator left it out', () => {
    expect(downloadPageUrl('https://m.example.com/', 'http://localhost:3000')).toBe('https://m.example.com/download');
    expect(downloadPageUrl('m.example.com', 'http://localhost:3000')).toBe('https://m.example.com/download');
  });

  it('falls back to the current origin when h5_domain is empty', () => {
    expect(downloadPageUrl('  ', 'http://localhost:3000')).toBe('http://localhost:3000/download');
  });
});

describe('socialQr', () => {
  it('hides an empty value, shows an image as is, and encodes a page address', () => {
    expect(socialQr('')).toEqual({ kind: 'none' });
    expect(socialQr('https://cdn.example/weibo-qr.png')).toEqual({ kind: 'image', src: 'https://cdn.example/weibo-qr.png' });
    expect(socialQr('https://weibo.com/sportcast')).toEqual({ kind: 'link', url: 'https://weibo.com/sportcast' });
  });
});

describe('brandPalette', () => {
  it.each(['#16a34a', '#e11d48', '#facc15', '#1e3a8a'])('makes %s readable as text on the dark UI and behind white text', (color) => {
    const palette = brandPalette(color);
    expect(contrastRatio(palette.brandOnDark, darkSurface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette.brandSolid, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves a colour that already passes unchanged', () => {
    expect(brandPalette('#16a34a').brandOnDark).toBe('#16a34a');
  });
});

describe('formatPeriod', () => {
  it('formats a maintenance period in the reader’s language and zone, in the kick-off format', () => {
    const start = isoFromUnix(Date.UTC(2026, 2, 12, 2, 0) / 1000);
    const end = isoFromUnix(Date.UTC(2026, 2, 12, 4, 0) / 1000);
    expect(formatPeriod(start, end, 'en-US', 'UTC')).toMatch(/Thu, Mar 12, 2026, 02:00\s*–\s*04:00/);
    expect(formatPeriod(start, end, 'en-US', 'Europe/London')).toMatch(/02:00\s*–\s*04:00/);
    expect(formatPeriod(start, end, 'en-US', 'Asia/Tokyo')).toMatch(/11:00\s*–\s*13:00/);
    expect(formatPeriod(start, end, 'zh-CN', 'Asia/Shanghai')).toMatch(/2026\/3\/12.*10:00\s*–\s*12:00/);
  });
});
