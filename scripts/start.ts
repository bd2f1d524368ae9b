// `npm start`: the production path. Builds when there is no build of the current sources, then serves.
// `--build-only` stops after the build.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const sourceRoots = ['app', 'components', 'lib', 'messages', 'stores', 'i18n', 'config', 'public', 'proxy.ts', 'next.config.ts', 'package-lock.json', 'tsconfig.json'];
// NEXT_DIST_DIR (read by next.config.ts too) lets a second build of one checkout live beside the first.
const distDir = path.join(root, process.env.NEXT_DIST_DIR ?? '.next');
const stampFile = path.join(distDir, 'source-hash');

function hashSources(): string {
  const hash = crypto.createHash('sha256');
  hash.update(process.env.BUILD_VARIANT ?? 'standard');
  const visit = (entry: string) => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry).sort()) visit(path.join(entry, child));
      return;
    }
    hash.update(path.relative(root, entry));
    hash.update(fs.readFileSync(entry));
  };
  sourceRoots.forEach((entry) => visit(path.join(root, entry)));
  return hash.digest('hex');
}

const current = hashSources();
const built = fs.existsSync(path.join(distDir, 'BUILD_ID')) && fs.readFileSync(stampFile, { encoding: 'utf8', flag: 'a+' }) === current;
if (!built) {
  console.log('No build of the current sources: building (about a minute)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, current);
}
// `--build-only`: npm test builds before Playwright starts the server, so no server start-up timer covers the build.
if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(process.execPath, ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
