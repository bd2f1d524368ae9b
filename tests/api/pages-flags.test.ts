// National teams' flags: a team of the data shows its country's flag (flag-icons, from our own origin at /flags/…),
// a club keeps its drawn crest, and the route serves only the flags it knows, cached by browsers.
import { eq } from 'drizzle-orm';
import { GET as flagRoute } from '@/app/flags/[file]/route';
import { getDb } from '@/lib/db';
import { teams } from '@/lib/db/schema';
import { nationFlagUrl } from '@/lib/server/matches/nation-flags';
import { getMatchDetail } from '@/lib/server/matches/queries';

const getFlag = (file: string) => flagRoute(new Request(`http://localhost:3000/flags/${file}`), { params: Promise.resolve({ file }) });

describe('flags of national teams', () => {
  it('name the country’s flag, the home nations’ own, and none for a club', () => {
    expect(nationFlagUrl({ kind: 'national', code: 'NED' })).toBe('/flags/nl.svg');
    expect(nationFlagUrl({ kind: 'national', code: 'ENG' })).toBe('/flags/gb-eng.svg');
    expect(nationFlagUrl({ kind: 'national', code: 'KSA' })).toBe('/flags/sa.svg');
    expect(nationFlagUrl({ kind: 'club', code: 'ARS' })).toBeNull();
    expect(nationFlagUrl({ kind: 'national', code: 'XYZ' })).toBeNull();
  });

  it('come with every World Cup team of the data, and no Premier League club has one', async () => {
    const db = await getDb();
    const nations = await db.select({ code: teams.code, kind: teams.kind }).from(teams).where(eq(teams.kind, 'national'));
    expect(nations.length).toBe(32);
    expect(nations.filter((team) => nationFlagUrl(team) === null)).toEqual([]);
    const clubs = await db.select({ code: teams.code, kind: teams.kind }).from(teams).where(eq(teams.kind, 'club'));
    expect(clubs.length).toBeGreaterThan(0);
    expect(clubs.map(nationFlagUrl).filter(Boolean)).toEqual([]);
    // Netherlands v Qatar, as a page gets it.
    const match = await getMatchDetail(db, 1033, 'en-US');
    expect([match?.home.flag, match?.away.flag]).toEqual(['/flags/nl.svg', '/flags/qa.svg']);
  });

  it('are served as SVG from the package, cached for a month; anything else is not found', async () => {
    const flag = await getFlag('nl.svg');
    expect(flag.status).toBe(200);
    expect(flag.headers.get('content-type')).toBe('image/svg+xml');
    expect(flag.headers.get('cache-control')).toContain('max-age=2592000');
    expect(await flag.text()).toMatch(/^<svg[^>]*viewBox="0 0 512 512"/);
    for (const file of ['xx.svg', '../package.json', 'nl.png', 'gb-eng.svg.map']) expect((await getFlag(file)).status).toBe(404);
    expect((await getFlag('gb-eng.svg')).status).toBe(200);
  });
});
