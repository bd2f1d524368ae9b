// What the page benchmarks (ssr, lighthouse, bundles) share: the production build check, the product server on
// its own port and data directory, nginx run as a child, first-load JavaScript and the empty-page baseline.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';
import type { Role } from '@/lib/env';
import { BenchError, freePort, progress, startNode, type Child } from './harness';

/** The build the server will use: NEXT_DIST_DIR (as next.config.ts reads it), else .next. */
export function requireBuild(root: string): string {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next';
  if (!fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    throw new BenchError(`No production build found (${distDir}/BUILD_ID is missing). Run \`npm run build\` first (with the same NEXT_DIST_DIR), then run this benchmark again.`);
  }
  return distDir;
}

async function waitFor(url: string, child: Child | null, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.process.exitCode !== null) throw new BenchError(`${what} exited early:\n${child.output()}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new BenchError(`${what} did not answer ${url} within ${timeoutMs / 1000} s${child ? `:\n${child.output()}` : '.'}`);
}

const newsListReply = z.object({ status: z.literal(0), data: z.object({ list: z.array(z.object({ path: z.string() })).min(1) }) });

export type ProductServer = {
  port: number;
  url: string;
  dataDir: string;
  firstArticlePath: () => Promise<string>;
  /** The room of the demo anchor Coach Li, found as a visitor would: by searching for him. */
  demoRoomPath: () => Promise<string>;
};

export type ProductServerOptions = {
  /** What the progress lines call it. */
  label?: string;
  /** server.ts's ROLES: the pages need the web role alone; the live room needs them all (server.ts's default). */
  roles?: readonly Role[] | 'all';
  /** Its data directory's name in `workDir`, so two servers of one run keep apart. */
  dataDirName?: string;
  /** More settings (the media server's ports). */
  env?: Record<string, string>;
};

/**
 * The production server (server.ts, web role only unless told) with an embedded database of its own in `workDir`:
 * nothing here touches ./data or a running server's port.
 */
export async function productServer(root: string, distDir: string, workDir: string, children: Child[], options: ProductServerOptions = {}): Promise<ProductServer> {
  const { label = 'product server', roles = ['web'], dataDirName = 'data', env = {} } = options;
  const port = await freePort();
  const dataDir = path.join(workDir, dataDirName);
  progress(`starting the ${label} (build ${distDir}, roles ${roles === 'all' ? 'all' : roles.join(',')}, database in ${dataDir}) on 127.0.0.1:${port}`);
  const { DATABASE_URL, REDIS_URL, ROLES, ...inherited } = process.env;
  const child = startNode(['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'server.ts'], {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', NEXT_DIST_DIR: distDir, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...(roles === 'all' ? {} : { ROLES: roles.join(',') }), LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, child, 240_000, `The ${label}`);
  progress(`${label} ready`);
  return {
    port,
    url,
    dataDir,
    async firstArticlePath() {
      const reply = newsListReply.safeParse(await (await fetch(`${url}/api/news/getNewsList?size=1`)).json());
      if (!reply.success) throw new BenchError('The product has no published article to measure.');
      return reply.data.data.list[0].path;
    },
    async demoRoomPath() {
      // localhost: Coach Li belongs to the brand served there.
      const search = await (await fetch(`http://localhost:${port}/keysearch?keyword=Coach`)).text();
      const room = /href="(\/liveMatchesTwo\/\d+)"/.exec(search)?.[1];
      if (!room) throw new BenchError('The search for the demo anchor "Coach" found no live room: is the demo content seeded?');
      return room;
    },
  };
}

export type Nginx = { stop: () => Promise<void> };

const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((candidate) => fs.existsSync(candidate));

/**
 * Debian's nginx as a child (not a daemon), with two servers: one answering the saved HTML from disk (the
 * baseline), and the project's shipped micro-cache configuration in front of the product.
 */
export async function startNginx(
  root: string,
  workDir: string,
  setup: { staticPort: number; cachePort: number; upstreamPort: number; htmlDir: string; pages: { name: string; path: string }[] },
): Promise<Nginx> {
  if (!nginxBinary) throw new BenchError('nginx is not installed. Run `bash scripts/ensure-nginx.sh`, then run this benchmark again.');
  const shipped = fs.readFileSync(path.join(root, 'deploy/nginx/sportcast.conf'), 'utf8');
  const replacements: [string, string][] = [
    ['/var/cache/nginx/sportcast', path.join(workDir, 'nginx-cache')],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${setup.upstreamPort};`],
    ['listen 80;', `listen 127.0.0.1:${setup.cachePort};`],
  ];
  let microCache = shipped;
  for (const [from, to] of replacements) {
    if (!microCache.includes(from)) throw new BenchError(`deploy/nginx/sportcast.conf no longer contains "${from}"; update bench/support/pages-bench.ts.`);
    microCache = microCache.replace(from, to);
  }
  const temp = (name: string) => path.join(workDir, `nginx-${name}`);
  const config = [
    'daemon off;',
    'master_process on;',
    'worker_processes 2;',
    `pid ${temp('pid')};`,
    `error_log ${temp('error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_requests 1000000;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(`${kind}-temp`)};`),
    '  server {',
    `    listen 127.0.0.1:${setup.staticPort};`,
    ...setup.pages.map((page) => `    location = ${page.path} { default_type text/html; alias ${path.join(setup.htmlDir, `${page.name}.html`)}; }`),
    '  }',
    microCache,
    '}',
  ].join('\n');
  const configFile = temp('conf');
  fs.writeFileSync(configFile, config);
  // Started as root, nginx's workers run as an unprivileged user: they must be able to read the saved pages.
  for (const dir of [workDir, setup.htmlDir]) fs.chmodSync(dir, 0o755);
  for (const page of setup.pages) fs.chmodSync(path.join(setup.htmlDir, `${page.name}.html`), 0o644);
  progress(`starting nginx (${nginxBinary}): HTML from disk on :${setup.staticPort}, micro-cache in front of the product on :${setup.cachePort}`);
  const child: ChildProcess = spawn(nginxBinary, ['-p', workDir, '-e', temp('error.log'), '-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4096);
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => (fs.existsSync(temp('error.log')) ? fs.readFileSync(temp('error.log'), 'utf8').slice(-4096) : '');
  const asChild: Child = { process: child, output: () => `${errors}${errorLog()}`, stop: async () => undefined };
  await waitFor(`http://127.0.0.1:${setup.staticPort}${setup.pages[0].path}`, asChild, 15_000, 'nginx');
  return {
    async stop() {
      process.removeListener('exit', kill);
      if (child.exitCode !== null || child.signalCode !== null) return;
      // QUIT: graceful shutdown of the master and its workers.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Sum of the gzip sizes of the page's Next.js scripts: its first-load JavaScript. */
export async function firstLoadJsGzip(origin: string, pagePath: string): Promise<{ bytes: number; files: number }> {
  const html = await (await fetch(`${origin}${pagePath}`)).text();
  // Module scripts only: the noModule polyfills never load in a current browser.
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !/\bnoModule\b/i.test(tag));
  const sources = [...new Set(tags.flatMap((tag) => /\bsrc="([^"]*\/_next\/static\/[^"]+\.js)"/.exec(tag)?.[1] ?? []))];
  let bytes = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, origin))).arrayBuffer());
    bytes += zlib.gzipSync(body).length;
  }
  return { bytes, files: sources.length };
}

/** An App Router app with one empty page, built with this project's Next.js (node_modules linked in); its origin once it serves. */
export async function startEmptyApp(projectRoot: string, workDir: string, children: Child[]): Promise<string> {
  const appDir = path.join(workDir, 'empty-app');
  fs.mkdirSync(path.join(appDir, 'app'), { recursive: true });
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(appDir, 'package.json'), '{ "private": true }\n');
  // Turbopack compiles only inside its root; the linked node_modules live in the project, so the root is their common ancestor.
  const commonRoot = path.parse(appDir).root;
  fs.writeFileSync(path.join(appDir, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(commonRoot)} } };\n`);
  fs.writeFileSync(path.join(appDir, 'app', 'layout.js'), 'export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n');
  // One line of text: Lighthouse cannot time a page that paints nothing. A server component, so no JavaScript of its own.
  fs.writeFileSync(path.join(appDir, 'app', 'page.js'), 'export default function Page() {\n  return <main><h1>Empty page</h1></main>;\n}\n');
  progress('building an empty App Router page with the same Next.js (for the JavaScript baseline)…');
  const nextBin = path.join(projectRoot, 'node_modules', 'next', 'dist', 'bin', 'next');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: appDir, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_DIST_DIR: '' } });
  if (build.status !== 0) throw new BenchError(`The empty app did not build:\n${(build.stdout + build.stderr).slice(-4000)}`);
  const port = await freePort();
  const server = startNode([nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: appDir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  children.push(server);
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if ((await fetch(origin).catch(() => null))?.ok) return origin;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new BenchError(`The empty app did not start:\n${server.output()}`);
}
