// What a fresh install keeps secret: the demo accounts' passwords (random, owner-only, never published), the
// session secret file (written whole, an empty one refused), and SMS codes (no console sender on a real site,
// no codes in production logs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { parseEnv } from '@/lib/env';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { demoAccounts, demoAccountsFileName, seedDemoAccounts } from '@/lib/server/seed/demo-accounts';
import { readSecretFile } from '@/lib/server/session/secret';
import { log } from '@/lib/server/log';
import { createConsoleSender } from '@/lib/server/sms/console-sender';

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sportcast-install-'));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Everything written to stdout while `run` runs. */
async function stdoutOf(run: () => Promise<void>): Promise<string> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written.join('');
}

describe('demo accounts of a fresh install', () => {
  it('get random passwords, shown once and kept in an owner-only file; the once published ones do not work', async () => {
    const dataDir = scratch();
    const handle = await openDatabase({ url: 'memory://', dataDir });
    try {
      const shown = await stdoutOf(() => seedDemoAccounts(handle.db, { dataDir }));
      const file = path.join(dataDir, demoAccountsFileName);
      expect(modeOf(file)).toBe(0o600);
      const rows = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /^\d/.test(line))
        .map((line) => line.split(/\s+/));
      expect(rows.map(([mobile, role]) => [mobile, role])).toEqual(demoAccounts.map((account) => [account.mobile, account.role]));
      const passwords = rows.map((row) => row[2]);
      expect(new Set(passwords).size).toBe(demoAccounts.length);
      for (const password of passwords) {
        expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/);
        expect(shown).toContain(password);
      }
      const hashOf = async (mobile: string) => (await handle.db.select({ hash: users.passwordHash }).from(users).where(eq(users.mobile, mobile)))[0]?.hash ?? '';
      // Checked side by side (argon2 runs on libuv's threads): each check costs the real hash's time.
      const verdicts = await Promise.all(rows.map(async ([mobile], index) => verifyPassword(await hashOf(mobile), passwords[index])));
      expect(verdicts).toEqual(rows.map(() => true));
      expect(await verifyPassword(await hashOf('18800000005'), 'operator2026')).toBe(false);
    } finally {
      await handle.close();
    }
    // A fresh database's migrations and six hashes at the real cost: beside the e2e journeys on a 2-core CI host this
    // took more than a minute.
  }, 180_000);

  it('take DEMO_PASSWORD (tests) only on a server that this machine alone can reach', () => {
    expect(() => parseEnv({ DEMO_PASSWORD: 'Kickoff2026' })).toThrow('DEMO_PASSWORD: is for tests');
    expect(() => parseEnv({ DEMO_PASSWORD: 'Kickoff2026', HOST: '127.0.0.1', TRUSTED_PROXIES: '127.0.0.1' })).toThrow('DEMO_PASSWORD: is for tests');
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(parseEnv({ DEMO_PASSWORD: 'Kickoff2026', HOST: host }).DEMO_PASSWORD).toBe('Kickoff2026');
    expect(() => parseEnv({ DEMO_PASSWORD: 'short1', HOST: '127.0.0.1' })).toThrow('DEMO_PASSWORD');
  });
});

describe('the session secret file', () => {
  it('is made once, owner-only, and kept', () => {
    const file = path.join(scratch(), 'session-secret');
    const made = readSecretFile(file);
    expect(made.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(file)).toBe(0o600);
    expect(readSecretFile(file)).toBe(made);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['session-secret']);
  });

  it('stops the server when it is empty or too short, instead of sealing cookies with nothing', () => {
    const file = path.join(scratch(), 'session-secret');
    fs.writeFileSync(file, '\n', { mode: 0o600 });
    expect(() => readSecretFile(file)).toThrow(/holds no usable secret/);
    fs.writeFileSync(file, 'short');
    expect(() => readSecretFile(file)).toThrow(/holds no usable secret/);
  });
});

describe('SMS codes without a real SMS provider', () => {
  it('are refused on a production site others use, and allowed for the demo or on this machine alone', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'off' })).toThrow('SMS_PROVIDER: console sends no text messages');
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'off', HOST: '127.0.0.1', TRUSTED_PROXIES: '127.0.0.1' })).toThrow('SMS_PROVIDER');
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'off', HOST: '127.0.0.1' }).SMS_PROVIDER).toBe('console');
    expect(parseEnv({ NODE_ENV: 'production' }).SMS_PROVIDER).toBe('console');
    expect(parseEnv({ NODE_ENV: 'development', SEED_DEMO: 'off' }).SMS_PROVIDER).toBe('console');
  });

  it('go to the owner-only outbox, and into the log in development only', async () => {
    const dataDir = scratch();
    const message = { mobile: '13812345678', code: '482913', purpose: 'login' as const };
    const logged = jest.spyOn(log, 'info');
    try {
      await createConsoleSender(dataDir, { logCodes: false }).send(message);
      expect(JSON.stringify(logged.mock.calls)).not.toContain('482913');
      await createConsoleSender(dataDir, { logCodes: true }).send(message);
      expect(JSON.stringify(logged.mock.calls)).toContain('482913');
    } finally {
      logged.mockRestore();
    }
    const outbox = path.join(dataDir, 'sms-outbox.jsonl');
    expect(modeOf(outbox)).toBe(0o600);
    expect(fs.readFileSync(outbox, 'utf8')).toContain('"code":"482913"');
  });
});
