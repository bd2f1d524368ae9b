// e2e journeys in Debian's Chromium against the production server (`npm start` path) on a free port
// with its own data directory, so a developer's running site is never touched.
import { defineConfig } from '@playwright/test';
import { e2eServer } from './tests/e2e/support/e2e-server';
import { demoPassword } from './tests/support/demo-password';

// E2E_SERVERS=n (npm test runs 2): n workers take the journey files as they come, each against a server of its own
// (tests/e2e/support/e2e-server.ts), so one's waits on video and timers overlap the other's work, and an operator
// setting one journey changes is never seen by another.
const servers = Number(process.env.E2E_SERVERS ?? 1);
// A worker loads this file again, knowing its index: its pages go to its own server.
const own = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
// A run ends with its results written before npm test's own limit: scripts/test.sh passes that deadline.
const deadline = Number(process.env.E2E_DEADLINE_EPOCH_MS ?? 0);

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: servers,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  globalTimeout: deadline ? Math.max(60_000, deadline - Date.now()) : 33 * 60_000,
  // Playwright empties outputDir at start, so its artifacts live below the suites' JSON results.
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${own.port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
  },
  webServer: Array.from({ length: servers }, (_, index) => e2eServer(index)).map(({ port, dataDir, mediaPorts }) => ({
    // The daily check-in dialog opens by itself on a signed-in user's first page of the day (spec §4): the journeys
    // about other things run with that off (dialog_daily_times 0, set before the server starts); checkin.spec.ts
    // turns it on for its own journey.
    command: `rm -rf ${dataDir} && node --require ./scripts/server-only-shim.cjs --import tsx scripts/ops.ts config:set dialog_daily_times 0 && node --import tsx scripts/start.ts`,
    url: `http://localhost:${port}/api/health`,
    // npm test builds first; a bare `playwright test` may still have to build here.
    timeout: 600_000,
    reuseExistingServer: false,
    // Every journey signs in from 127.0.0.1, and many sign the same demo accounts in: the per-IP and per-phone SMS
    // caps are raised so that they do not meet each other's limit, and a phone's next code may follow in 2 s rather than
    // a minute. The demo accounts get the tests' known password,
    // which the server takes on loopback only; the media ports stay on every interface, where the 球吧 journey's
    // encoder pushes to the machine's own network address.
    env: { PORT: String(port), HOST: '127.0.0.1', MEDIA_HOST: '0.0.0.0', DEMO_PASSWORD: demoPassword, SMS_IP_HOURLY_LIMIT: '1000', SMS_IP_DAILY_LIMIT: '5000', SMS_PHONE_HOURLY_LIMIT: '100', SMS_PHONE_DAILY_LIMIT: '500', SMS_RESEND_GAP_SECONDS: '2', DATA_DIR: dataDir, LOG_LEVEL: 'warn', MATCH_REPLAY_SPEED: '60', MATCH_REPLAY_MAX_GAP_MINUTES: '1', DEMO_STREAMS: 'off', MEDIA_RTMP_PORT: String(mediaPorts.rtmp), MEDIA_HTTP_PORT: String(mediaPorts.http) },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
