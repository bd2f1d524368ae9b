// Where the e2e server lives (see playwright.config.ts), and running operator commands against it.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

/**
 * With E2E_SERVERS=n the journeys run in n workers, each against a server of its own (playwright.config.ts): server
 * i listens on E2E_PORT + 300·i with a data directory of its own. Playwright tells a worker its index.
 */
export function e2eServer(index: number) {
  const port = Number(process.env.E2E_PORT ?? 3300) + 300 * index;
  const dataDir = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}${index > 0 ? `-${index}` : ''}` : path.join(os.tmpdir(), `sportcast-e2e-${port}`);
  // The embedded media server's ports, apart per server so runs side by side never share them.
  return { port, dataDir, mediaPorts: { rtmp: port + 20_000, http: port + 21_000 } };
}

const own = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
/** This worker's server. */
export const e2ePort = own.port;
export const e2eDataDir = own.dataDir;

/** `npm run ops -- …` as an operator types it; with the server running it goes through the ops socket. */
export function runOps(...args: string[]): string {
  return execFileSync(process.execPath, ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'scripts/ops.ts', ...args], {
    env: { ...process.env, DATA_DIR: e2eDataDir },
    encoding: 'utf8',
  });
}
