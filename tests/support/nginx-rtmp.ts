// Runs nginx with the RTMP module from deploy/nginx-rtmp/sportcast-rtmp.conf, rendered for free ports and a folder
// of its own (pid, logs, temp folders, HLS, recordings), as a plain child process ended by its pid: the e2e
// journey of the external media server and `npm run bench -- video --media external` share it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const nginxPath = '/usr/sbin/nginx';
export const rtmpModulePath = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const deployDir = path.join(process.cwd(), 'deploy', 'nginx-rtmp');

/** Whether nginx and its RTMP module are installed (scripts/ensure-nginx-rtmp.sh installs both). */
export function nginxRtmpInstalled(): boolean {
  return fs.existsSync(nginxPath) && fs.existsSync(rtmpModulePath);
}

export type NginxRtmpOptions = { dir: string; rtmpPort: number; httpPort: number; site: string; hookSecret: string };

export type NginxRtmp = {
  pid: number;
  /** Where nginx records (the site's MEDIA_RECORD_DIR) and writes HLS. */
  recordDir: string;
  hlsDir: string;
  errorLog(): string;
  stop(): Promise<void>;
};

/** The deploy file with every @…@ marker filled in; a marker left over is a mistake in the file or here. */
export function renderNginxRtmpConfig(values: Record<string, string>): string {
  const template = fs.readFileSync(path.join(deployDir, 'sportcast-rtmp.conf'), 'utf8');
  const rendered = template.replace(/@([A-Z_]+)@/g, (marker, name: string) => values[name] ?? marker);
  const left = /^[^#\n]*@[A-Z_]+@/m.exec(rendered);
  if (left) throw new Error(`sportcast-rtmp.conf: no value for ${left[0].trim()}`);
  return rendered;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startNginxRtmp(options: NginxRtmpOptions): Promise<NginxRtmp> {
  const runDir = path.join(options.dir, 'run');
  const mediaDir = path.join(options.dir, 'media');
  const recordDir = path.join(mediaDir, 'recordings');
  const hlsDir = path.join(mediaDir, 'hls');
  for (const dir of [runDir, recordDir, hlsDir]) fs.mkdirSync(dir, { recursive: true });
  // As root nginx's workers run as nobody: they write HLS and recordings and run the ladder from these folders.
  const root = process.getuid?.() === 0;
  if (root) {
    for (const dir of [options.dir, runDir, mediaDir, recordDir, hlsDir]) fs.chmodSync(dir, 0o777);
    // A folder made by mkdtemp is 0700: nobody must be able to pass through the ones between /tmp and ours.
    for (let dir = path.dirname(options.dir); dir.startsWith(os.tmpdir() + path.sep); dir = path.dirname(dir)) {
      fs.chmodSync(dir, fs.statSync(dir).mode | 0o711);
    }
  }
  const ladder = path.join(runDir, 'sportcast-ladder.sh');
  fs.copyFileSync(path.join(deployDir, 'sportcast-ladder.sh'), ladder);
  fs.chmodSync(ladder, 0o755);
  const config = path.join(runDir, 'nginx.conf');
  const group = spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim();
  fs.writeFileSync(
    config,
    renderNginxRtmpConfig({
      USER: root ? 'nobody nogroup' : `${os.userInfo().username} ${group}`,
      RUN_DIR: runDir,
      MEDIA_DIR: mediaDir,
      RTMP_PORT: String(options.rtmpPort),
      HTTP_PORT: String(options.httpPort),
      SITE: options.site,
      HOOK_SECRET: options.hookSecret,
      LADDER: ladder,
    }),
  );
  const child = spawn(nginxPath, ['-p', runDir, '-c', config, '-e', path.join(runDir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8192);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    const file = path.join(runDir, 'error.log');
    return `${stderr}${fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-8192) : ''}`;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGTERM: a fast shutdown; nginx ends the ladder processes it started (exec_kill_signal).
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  for (const deadline = Date.now() + 10_000; ; ) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${errorLog()}`);
    if ((await portOpen(options.rtmpPort)) && (await portOpen(options.httpPort))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not open its ports within 10 s:\n${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!child.pid) throw new Error('nginx has no pid');
  return { pid: child.pid, recordDir, hlsDir, errorLog, stop };
}
