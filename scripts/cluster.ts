// `npm run cluster`: the production layout on this machine (docs/deploy.md): nginx on CLUSTER_PORT (3400) with
// the shipped micro-cache config in front of 2 web processes and 2 realtime gateways, 1 media process and 2 jobs
// processes (one leads, docs/platform.md), against the machine's Postgres (CLUSTER_DATABASE_URL, default database
// sportcast_cluster, made when missing) and Redis (CLUSTER_REDIS_URL). Each process's log lines carry its name.
// Ctrl-C stops them all. `--check` starts the cluster, proves every process healthy and a page and a socket through
// nginx, prints the layout as JSON and stops.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Client } from 'pg';
import WebSocket from 'ws';

const root = process.cwd();
const clusterPort = Number(process.env.CLUSTER_PORT ?? 3400);
const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/sportcast_cluster';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = path.resolve(process.env.CLUSTER_DATA_DIR ?? path.join(root, 'data', 'cluster'));
const checkOnly = process.argv.includes('--check');

type Member = { name: string; roles: string; port: number };

/** The layout: what runs, on which port. The web processes and the gateways sit behind nginx. */
const members: Member[] = [
  { name: 'web-1', roles: 'web', port: clusterPort + 1 },
  { name: 'web-2', roles: 'web', port: clusterPort + 2 },
  { name: 'realtime-1', roles: 'realtime', port: clusterPort + 11 },
  { name: 'realtime-2', roles: 'realtime', port: clusterPort + 12 },
  { name: 'media', roles: 'media', port: clusterPort + 21 },
  { name: 'jobs-1', roles: 'jobs', port: clusterPort + 31 },
  { name: 'jobs-2', roles: 'jobs', port: clusterPort + 32 },
];

const children = new Map<string, ChildProcess>();
let stopping = false;

/** DATA_DIR/cluster.json: each member's port and pid, for an operator (or a test) that wants to stop one. */
function writeLayout(): void {
  const layout = members.map((member) => ({ ...member, pid: children.get(member.name)?.pid ?? null }));
  fs.writeFileSync(path.join(dataDir, 'cluster.json'), JSON.stringify({ nginx: clusterPort, members: layout }, null, 2));
}

/** Stops the start-up: main's catch prints the reason and stops what already runs. */
function fail(message: string): never {
  throw new Error(`cluster: ${message}`);
}

async function ensureDatabase(): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^\w+$/.test(name)) fail(`the database name "${name}" must be letters, digits and _`);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect().catch((error: Error) => fail(`Postgres is not reachable at ${url.host}: ${error.message} (start it, or set CLUSTER_DATABASE_URL)`));
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

/** One secret for every process, made once: sessions sealed by one web process open in the other. */
function sessionSecret(): string {
  const file = path.join(dataDir, 'session-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

function start(member: Member, secret: string): ChildProcess {
  const child = spawn(process.execPath, ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ROLES: member.roles,
      PORT: String(member.port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      // nginx on this machine is the one proxy: rate limits count the client's address it forwards.
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream! }).on('line', (line) => console.log(`${member.name.padEnd(10)} | ${line}`));
  child.on('exit', (code, signal) => {
    children.delete(member.name);
    if (!stopping) console.log(`${member.name.padEnd(10)} | exited (${signal ?? code})`);
  });
  children.set(member.name, child);
  writeLayout();
  return child;
}

async function healthy(port: number, withinMs: number, name: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
    if (ok) return;
    if (stopping) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`${name} did not become healthy on port ${port} within ${withinMs / 1000} s`);
}

function nginxConfig(): string {
  const work = path.join(dataDir, 'nginx');
  fs.mkdirSync(path.join(work, 'cache'), { recursive: true });
  let site = fs.readFileSync(path.join(root, 'deploy/nginx/sportcast.conf'), 'utf8');
  const web = members.filter((member) => member.roles === 'web').map((member) => `    server 127.0.0.1:${member.port};`).join('\n');
  const realtime = members.filter((member) => member.roles === 'realtime').map((member) => `    server 127.0.0.1:${member.port};`).join('\n');
  const replacements: [RegExp, string][] = [
    [/upstream sportcast_app \{\n {4}server 127\.0\.0\.1:3000;/, `upstream sportcast_app {\n${web}`],
    [/upstream sportcast_realtime \{\n {4}server 127\.0\.0\.1:3000;/, `upstream sportcast_realtime {\n${realtime}`],
    [/listen 80;/, `listen 127.0.0.1:${clusterPort};`],
    [/\/var\/cache\/nginx\/sportcast/, path.join(work, 'cache')],
  ];
  for (const [from, to] of replacements) {
    if (!from.test(site)) fail(`deploy/nginx/sportcast.conf no longer matches ${from}; update scripts/cluster.ts`);
    site = site.replace(from, to);
  }
  const temp = (name: string) => path.join(work, name);
  const config = [
    'daemon off;',
    'worker_processes 2;',
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    'events { worker_connections 20000; }',
    'http {',
    '  access_log off;',
    '  sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(`${kind}-temp`)};`),
    site,
    '}',
  ].join('\n');
  fs.writeFileSync(temp('nginx.conf'), config);
  fs.chmodSync(dataDir, 0o755);
  return temp('nginx.conf');
}

function startNginx(): void {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!binary) fail('nginx is not installed: run `bash scripts/ensure-nginx.sh`');
  const config = nginxConfig();
  const work = path.dirname(config);
  const child = spawn(binary!, ['-p', work, '-e', path.join(work, 'error.log'), '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream! }).on('line', (line) => console.log(`${'nginx'.padEnd(10)} | ${line}`));
  child.on('exit', (code) => {
    children.delete('nginx');
    if (!stopping) console.log(`${'nginx'.padEnd(10)} | exited (${code})`);
  });
  children.set('nginx', child);
}

async function stopAll(): Promise<void> {
  stopping = true;
  const exits = [...children.values()].map((child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve()))));
  for (const child of children.values()) child.kill('SIGTERM');
  const timer = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), 25_000);
  await Promise.all(exits);
  clearTimeout(timer);
}

/** Through nginx: a page, the health of a web process, and a socket that a gateway greets. */
async function checkThroughNginx(): Promise<void> {
  const origin = `http://127.0.0.1:${clusterPort}`;
  const page = await fetch(`${origin}/home`);
  if (!page.ok || !(await page.text()).includes('</html>')) fail(`the home page through nginx answered ${page.status}`);
  const metrics = await fetch(`${origin}/metrics`);
  if (metrics.status !== 404) fail('/metrics must not be reachable through nginx');
  await new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${clusterPort}/ws`, { origin });
    const timer = setTimeout(() => reject(new Error('no hello from a gateway through nginx')), 10_000);
    socket.on('message', (data) => {
      if (String(data).includes('"hello"')) {
        clearTimeout(timer);
        socket.close();
        resolve();
      }
    });
    socket.on('error', reject);
  });
}

async function main(): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--build-only'], { stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed');
  await ensureDatabase();
  const secret = sessionSecret();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll().then(() => process.exit(0)));
  // The first process migrates and seeds alone; the others start on a ready database.
  const [first, ...rest] = members;
  start(first, secret);
  await healthy(first.port, 180_000, first.name);
  rest.forEach((member) => start(member, secret));
  await Promise.all(rest.map((member) => healthy(member.port, 120_000, member.name)));
  startNginx();
  await healthy(clusterPort, 15_000, 'nginx');
  console.log(`cluster: nginx on http://127.0.0.1:${clusterPort}; ${members.map((member) => `${member.name} :${member.port}`).join(', ')}`);
  if (checkOnly) {
    await checkThroughNginx();
    const leaders = await Promise.all(
      members.filter((member) => member.roles === 'jobs').map(async (member) => /^jobs_leader 1$/m.test(await (await fetch(`http://127.0.0.1:${member.port}/metrics`)).text())),
    );
    console.log(JSON.stringify({ nginx: clusterPort, processes: members.length, jobs_leaders: leaders.filter(Boolean).length, page: 'ok', socket: 'ok' }));
    await stopAll();
    process.exit(leaders.filter(Boolean).length === 1 ? 0 : 1);
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll().then(() => process.exit(1));
});
