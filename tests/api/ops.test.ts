import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { POST as getCommonConfig } from '@/app/api/config/getCommonConfig/route';
import { POST as maintain } from '@/app/api/maintain/route';
import { getDb } from '@/lib/db';
import { openDatabase } from '@/lib/db/client';
import { matches, users } from '@/lib/db/schema';
import { appConfigKeys } from '@/lib/validation/config';
import { clearMaintenanceNotices } from '@/lib/server/maintenance/maintenance';
import { opsCommands, runOps, type OpsIo } from '@/lib/server/ops/run';
import { callRoute } from '@/tests/support/call-route';

type CommonConfig = { config: Record<string, unknown>; chips: number[] };
type MaintenanceRecord = { title: string; content: string; start_time: number; end_time: number; remind_time: number };

/** Runs one command line against the test database and returns what the operator would see. */
async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const closeDatabase = jest.fn(async () => undefined);
  const io: OpsIo = { openDatabase: getDb, closeDatabase, print: (text) => out.push(text), printError: (text) => err.push(text) };
  const code = await runOps(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n'), closeDatabase };
}

async function createUser(mobile: string) {
  const [user] = await (await getDb())
    .insert(users)
    .values({ mobile, nickName: `User ${mobile.slice(-4)}`, brandId: 'sportcast' })
    .returning({ id: users.id });
  return user.id;
}

async function roleOf(id: number) {
  const [user] = await (await getDb()).select({ role: users.role }).from(users).where(eq(users.id, id));
  return user.role;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

// The first open creates and migrates the database, which can take longer than a test's time limit.
beforeAll(async () => {
  await getDb();
}, 60_000);

describe('ops help and dispatch', () => {
  it('lists every command with its usage', async () => {
    const { code, out } = await ops('help');
    expect(code).toBe(0);
    for (const command of opsCommands) expect(out).toContain(`npm run ops -- ${command.name}`);
    expect(out).toContain('user:role <phone> <user|anchor|manager|operator>');
  });

  it('refuses an unknown command with a pointer to help, without opening the database', async () => {
    const { code, err, closeDatabase } = await ops('user:delete', '13800138000');
    expect(code).toBe(1);
    expect(err).toBe('Unknown command "user:delete". Run `npm run ops -- help` for the list.');
    expect(closeDatabase).not.toHaveBeenCalled();
  });

  it('closes the database after a command that opened it', async () => {
    const { code, closeDatabase } = await ops('maintenance:clear');
    expect(code).toBe(0);
    expect(closeDatabase).toHaveBeenCalledTimes(1);
  });

  it('tells the operator to stop the server or use DATABASE_URL when the embedded database is in use', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-locked-'));
    // The lock file a running server leaves: the pid of a live process (our parent).
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid));
    try {
      const err: string[] = [];
      const code = await runOps(['config:get'], {
        openDatabase: async () => (await openDatabase({ dataDir })).db,
        closeDatabase: async () => undefined,
        print: () => undefined,
        printError: (text) => err.push(text),
      });
      expect(code).toBe(1);
      expect(err[0]).toContain(`Cannot open the database: The database in ${path.join(dataDir, 'pglite')} is already open in process ${process.ppid}`);
      expect(err[0]).toContain('stop the server before running this command');
      expect(err[0]).toContain('DATABASE_URL');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('ops user:role', () => {
  it("changes the account's role, found by phone number as typed", async () => {
    const id = await createUser('13800138001');
    const { code, out } = await ops('user:role', '138 0013 8001', 'anchor');
    expect(code).toBe(0);
    expect(out).toBe(`User ${id} (138 0013 8001): role user → anchor.`);
    expect(await roleOf(id)).toBe('anchor');
    expect((await ops('user:role', '13800138001', 'anchor')).out).toBe(`User ${id} (13800138001) already has the role anchor.`);
    await ops('user:role', '13800138001', 'user');
    expect(await roleOf(id)).toBe('user');
  });

  it('fails clearly for a phone number no account has', async () => {
    const { code, err } = await ops('user:role', '13900000000', 'manager');
    expect(code).toBe(1);
    expect(err).toBe('No account has the phone number 13900000000. The user must log in once to create it.');
  });

  it('refuses an unknown role and leaves the account as it was', async () => {
    const id = await createUser('13800138002');
    const { code, err } = await ops('user:role', '13800138002', 'admin');
    expect(code).toBe(1);
    expect(err).toBe('Unknown role "admin". Use one of: user, anchor, manager, operator.');
    expect(await roleOf(id)).toBe('user');
  });

  it('shows the usage when arguments are missing', async () => {
    const { code, err } = await ops('user:role', '13800138002');
    expect(code).toBe(1);
    expect(err).toBe('user:role takes <phone> <role>.\nUsage: npm run ops -- user:role <phone> <user|anchor|manager|operator>');
  });
});

describe('ops maintenance:set and maintenance:clear', () => {
  afterEach(async () => {
    await clearMaintenanceNotices(await getDb());
  });

  it('announces maintenance that POST /api/maintain then reports, in both languages', async () => {
    const before = Date.now();
    const { code, out } = await ops(
      'maintenance:set', '--title-en', 'Planned upgrade', '--title-zh', '系统升级', '--content-en', 'Video servers are being upgraded.',
      '--content-zh', '视频服务器升级中。', '--start', '+30', '--end', '+90', '--remind', '+0',
    );
    expect(code).toBe(0);
    expect(out).toContain('"Planned upgrade" / "系统升级"');
    const en = await callRoute<MaintenanceRecord>(maintain, { body: { device: 1 } });
    expect(en.data).toMatchObject({ title: 'Planned upgrade', content: 'Video servers are being upgraded.' });
    // +30 is thirty minutes from when the command ran.
    expect(en.data.start_time).toBeGreaterThanOrEqual(seconds(new Date(before + 30 * 60_000)));
    expect(en.data.start_time).toBeLessThanOrEqual(seconds(new Date(Date.now() + 30 * 60_000)));
    expect(en.data.end_time - en.data.start_time).toBe(60 * 60);
    expect(en.data.remind_time).toBeGreaterThan(0);
    const zh = await callRoute<MaintenanceRecord>(maintain, { body: { device: 1 }, headers: { lang: 'zh_cn' } });
    expect(zh.data.title).toBe('系统升级');
  });

  it('takes ISO times', async () => {
    const startsAt = new Date(Date.now() + 3_600_000);
    startsAt.setMilliseconds(0);
    const endsAt = new Date(startsAt.getTime() + 7_200_000);
    const { code } = await ops('maintenance:set', '--title-en', 'Upgrade', '--content-en', 'Back soon.', '--start', startsAt.toISOString(), '--end', endsAt.toISOString());
    expect(code).toBe(0);
    const reply = await callRoute<MaintenanceRecord>(maintain, { body: { device: 1 } });
    expect(reply.data).toMatchObject({ start_time: seconds(startsAt), end_time: seconds(endsAt), remind_time: 0 });
  });

  it('reads a negative number of minutes after an option as a time in the past', async () => {
    const before = Date.now();
    const { code } = await ops('maintenance:set', '--title-en', 'Upgrading now', '--content-en', 'Back in an hour.', '--start', '-1', '--end', '+60');
    expect(code).toBe(0);
    const reply = await callRoute<MaintenanceRecord>(maintain, { body: { device: 1 } });
    expect(reply.data.start_time).toBeLessThan(seconds(new Date(before)));
    expect(reply.data.end_time - reply.data.start_time).toBe(61 * 60);
  });

  it('withdraws the notice so browsers stop showing it', async () => {
    await ops('maintenance:set', '--title-en', 'Upgrade', '--content-en', 'Back soon.', '--start', '+5', '--end', '+10');
    expect((await ops('maintenance:clear')).out).toBe('Cleared 1 maintenance notice.');
    expect((await callRoute(maintain, { body: { device: 1 } })).data).toBeNull();
    expect((await ops('maintenance:clear')).out).toBe('No maintenance notice was active.');
  });

  it.each([
    [['--content-en', 'x', '--start', '+5', '--end', '+10'], 'Missing --title-en.'],
    [['--title-en', 'x', '--content-en', 'x', '--start', '+5', '--end', '+1'], '--end: the end must come after the start.'],
    [['--title-en', 'x', '--content-en', 'x', '--start', '+5', '--end', '+10', '--remind', '+6'], '--remind: the reminder must come before the start.'],
    [['--title-en', 'x', '--content-en', 'x', '--start', 'soon', '--end', '+10'], '--start: "soon" is not a time.'],
    [['--title-en', 'x', '--content-en', 'x', '--start', '+5', '--end', '+10', '--colour', 'red'], "Unknown option '--colour'"],
  ])('refuses %j with a clear message and announces nothing', async (args, message) => {
    const { code, err } = await ops('maintenance:set', ...args);
    expect(code).toBe(1);
    expect(err).toContain(message);
    expect((await callRoute(maintain, { body: { device: 1 } })).data).toBeNull();
  });
});

describe('ops config:set and config:get', () => {
  it('sets a value for every brand, JSON lists included, and getCommonConfig serves it', async () => {
    expect((await ops('config:set', 'chips', '[2000,8000]')).code).toBe(0);
    expect((await ops('config:set', 'service_url', '/about/9')).out).toBe(
      'service_url = "/about/9" for every brand without its own value. Running servers apply it within 10 s.',
    );
    for (const host of ['localhost', 'zh.localhost']) {
      const reply = await callRoute<CommonConfig>(getCommonConfig, { host });
      expect(reply.data.chips).toEqual([2000, 8000]);
      expect(reply.data.config.service_url).toBe('/about/9');
    }
  });

  it('sets a value for one brand only', async () => {
    const { code, out } = await ops('config:set', 'checkin_switch', '0', '--brand', 'qiuba');
    expect(code).toBe(0);
    expect(out).toContain('checkin_switch = 0 for brand qiuba');
    expect((await callRoute<CommonConfig>(getCommonConfig, { host: 'zh.localhost' })).data.config.checkin_switch).toBe(0);
    expect((await callRoute<CommonConfig>(getCommonConfig, { host: 'localhost' })).data.config.checkin_switch).toBe(1);
  });

  it('shows what each brand gets, side by side, or one brand', async () => {
    await ops('config:set', 'checkin_switch', '0', '--brand', 'qiuba');
    const all = await ops('config:get');
    expect(all.code).toBe(0);
    const lines = all.out.split('\n');
    expect(lines[0].split(/\s+/)).toEqual(['key', 'sportcast', 'qiuba']);
    expect(lines.find((line) => line.startsWith('checkin_switch'))?.split(/\s+/)).toEqual(['checkin_switch', '1', '0']);
    expect(lines).toHaveLength(appConfigKeys.length + 1);
    const one = await ops('config:get', '--brand', 'qiuba');
    expect(one.out.split('\n')[0].split(/\s+/)).toEqual(['key', 'qiuba']);
  });

  it.each([
    [['config:set', 'no_such_key', '1'], 'Unknown config key "no_such_key". Keys: service_url,'],
    [['config:set', 'ticket_switch', '7'], '"7" is not a valid value for ticket_switch'],
    [['config:set', 'chips', '[]'], '"[]" is not a valid value for chips'],
    [['config:set', 'ticket_switch', '0', '--brand', 'nobrand'], 'Unknown brand "nobrand". Use * (every brand) or one of: sportcast, qiuba.'],
    [['config:get', '--brand', 'nobrand'], 'Unknown brand "nobrand".'],
    [['config:set', 'ticket_switch'], 'config:set takes <key> <value>.'],
  ])('refuses %j and changes nothing', async (argv, message) => {
    const { code, err } = await ops(...argv);
    expect(code).toBe(1);
    expect(err).toContain(message);
    const reply = await callRoute<CommonConfig>(getCommonConfig, { host: 'localhost' });
    expect(reply.data.config.ticket_switch).toBe(1);
    expect(reply.data.chips.length).toBeGreaterThan(0);
  });
});

describe('ops brands', () => {
  it('lists each brand with hosts, reg-source, locale and what / shows', async () => {
    const { code, out } = await ops('brands');
    expect(code).toBe(0);
    expect(out).toContain('sportcast (default');
    expect(out).toContain('hosts:      zh.localhost, qiuba.localhost');
    expect(out).toMatch(/reg-source: QIUBA\s+channel: qiuba\s+locale: zh-CN/);
    expect(out).toContain('/ shows the live-matches page');
    expect(out).toContain('/ redirects to /home');
  });
});

describe('ops matches:import', () => {
  it('imports the bundled data again without adding a second copy of anything', async () => {
    const db = await getDb();
    const before = await db.$count(matches);
    const { code, out } = await ops('matches:import');
    expect(code).toBe(0);
    expect(out).toMatch(/^Imported \d+ competitions, \d+ teams, \d+ players;\n0 matches added, \d+ already known\./);
    expect(await db.$count(matches)).toBe(before);
  });
});
