// Benchmark helper processes with an IPC channel (child_process.fork semantics), started through a shell that
// raises the open-files limit when thousands of sockets need it, and always stopped with the benchmark.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BenchError, keepOutput } from './harness';

const root = path.resolve(__dirname, '..', '..');
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export type IpcMessage = { type: string; [field: string]: unknown };

export type Forked = {
  send(message: object): void;
  /** The next message of this type (earlier ones that nobody waited for are kept). */
  next<T extends IpcMessage>(type: string, timeoutMs: number): Promise<T>;
  stop(): Promise<void>;
};

/** The soft open-files limit of a shell started from here. */
export function openFilesLimit(): number {
  const result = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = result.stdout.trim();
  return value === 'unlimited' ? Number.POSITIVE_INFINITY : Number(value) || 1024;
}

/** Runs a TypeScript file of this repository in Node with tsx, with at least `openFiles` descriptors allowed. */
export function forkTs(file: string, options: { env: NodeJS.ProcessEnv; openFiles: number; onMessage?: (message: IpcMessage) => void }): Forked {
  const nodeArgs = ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', '--expose-gc', file];
  const needsMore = openFilesLimit() < options.openFiles;
  const quoted = [process.execPath, ...nodeArgs].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ');
  // Raising the hard limit needs root; as another user the soft limit goes as far as the hard one allows.
  const child = needsMore
    ? spawn('bash', ['-c', `ulimit -n ${options.openFiles} 2>/dev/null || ulimit -n hard; exec ${quoted}`], { cwd: root, env: options.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
    : spawn(process.execPath, nodeArgs, { cwd: root, env: options.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  running.add(child);
  const output = keepOutput(child);
  const inbox: IpcMessage[] = [];
  const waiters: { type: string; resolve: (message: IpcMessage) => void }[] = [];
  child.on('message', (raw: unknown) => {
    if (typeof raw !== 'object' || raw === null || typeof (raw as { type?: unknown }).type !== 'string') return;
    const message = raw as IpcMessage;
    options.onMessage?.(message);
    const waiter = waiters.findIndex((entry) => entry.type === message.type);
    if (waiter >= 0) waiters.splice(waiter, 1)[0].resolve(message);
    else inbox.push(message);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  return {
    send(message) {
      child.send(message);
    },
    next<T extends IpcMessage>(type: string, timeoutMs: number): Promise<T> {
      const kept = inbox.findIndex((message) => message.type === type);
      if (kept >= 0) return Promise.resolve(inbox.splice(kept, 1)[0] as T);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new BenchError(`${path.basename(file)} sent no "${type}" within ${timeoutMs / 1000} s:\n${output()}`)), timeoutMs);
        const onExit = () => reject(new BenchError(`${path.basename(file)} exited before sending "${type}":\n${output()}`));
        child.once('exit', onExit);
        waiters.push({
          type,
          resolve: (message) => {
            clearTimeout(timer);
            child.off('exit', onExit);
            resolve(message as T);
          },
        });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
