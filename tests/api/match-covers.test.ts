// A match's cover (/covers/match/{id}.svg), and the same drawn as WebP at the widths the live room's poster asks
// for (/covers/match/{id}-{width}.webp): sized for a phone's screen, light, and cached like the SVG.
import sharp from 'sharp';
import { GET as getMatchCover } from '@/app/covers/match/[file]/route';
import { getDb } from '@/lib/db';
import { coverSrcSet } from '@/lib/server/news/covers';

beforeAll(() => getDb(), 60_000);

const cover = (file: string) => getMatchCover(new Request(`http://localhost:3000/covers/match/${file}`), { params: Promise.resolve({ file }) });

describe('GET /covers/match/{file}', () => {
  it('draws a match’s cover as SVG, and as WebP at each width a poster asks for', async () => {
    const svg = await cover('1001.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    // The opening match is over: its cover, score included, no longer changes.
    expect(svg.headers.get('cache-control')).toContain('max-age=86400');
    for (const width of [480, 828, 1280, 1920]) {
      const picture = await cover(`1001-${width}.webp`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect(picture.headers.get('cache-control')).toContain('max-age=86400');
      const bytes = Buffer.from(await picture.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width, height: Math.round((width * 675) / 1200) });
      // Light enough for a phone's first screen, heavy enough (over 0.05 bits per pixel) for Chrome to count as its largest paint.
      expect(bytes.length).toBeLessThan(width * 16);
      expect((bytes.length * 8) / (width * width * (675 / 1200))).toBeGreaterThan(0.05);
    }
  });

  it('draws the spoiler-free cover without the result', async () => {
    const scored = await (await cover('1001.svg')).text();
    const plain = await cover('1001-noscore.svg');
    expect(plain.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await plain.text();
    // Qatar 0–2 Ecuador: the full cover has the score, the plain one "v" and the same teams.
    expect(scored).toContain('0–2');
    expect(svg).not.toContain('0–2');
    expect(svg).toContain('>v</text>');
    expect(svg).toContain('>QAT</text>');
  });

  it('answers 404 for another width, a match that does not exist, and any other name', async () => {
    for (const file of ['1001-800.webp', '1001-99999.webp', '999999-828.webp', '999999.svg', '1001.png', '1001-828.svg', 'x.svg', '1001-noscore.webp', '999999-noscore.svg']) {
      expect((await cover(file)).status).toBe(404);
    }
  });
});

describe('coverSrcSet', () => {
  it('offers a match cover at its drawn widths and leaves a cover of one size alone', () => {
    expect(coverSrcSet('/covers/match/7.svg')).toBe('/covers/match/7-480.webp 480w, /covers/match/7-828.webp 828w, /covers/match/7-1280.webp 1280w, /covers/match/7-1920.webp 1920w');
    expect(coverSrcSet('/uploads/covers/9-abc.webp')).toBe('');
    expect(coverSrcSet('https://cdn.example/covers/match/7.svg')).toBe('');
    expect(coverSrcSet('')).toBe('');
  });
});
