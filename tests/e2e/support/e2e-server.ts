// Where the e2e server lives (see playwright.config.ts), and running operator commands against it.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export const e2ePort = Number(process.env.E2E_PORT ?? 3300);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `sportcast-e2e-${e2ePort}`);
/** The embedded media server's ports, apart per e2e port so runs side by side never share them. */
export const e2eMediaPorts = { rtmp: e2ePort + 20_000, http: e2ePort + 21_000 };

/** `npm run ops -- …` as an operator types it; with the server running it goes through the ops socket. */
export function runOps(...args: string[]): string {
  return execFileSync(process.execPath, ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'scripts/ops.ts', ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir },
    encoding: 'utf8',
  });
}
