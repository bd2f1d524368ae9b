// Stopping the process on SIGTERM/SIGINT: stop accepting, let requests in flight finish, then close what is left.
//
//   stop accepting (server.close, idle keep-alive sockets closed)
//   → background work stops while requests drain (each step on its own: one that throws skips nothing)
//   → drained, or the drain deadline passed: the remaining connections are cut (closeAllConnections)
//   → connections to Redis and the database close, the database last
//   → exit 0; a step that hangs past the hard deadline: exit 1 anyway
import type http from 'node:http';
import { log } from '@/lib/server/log';

type ShutdownStep = { name: string; run: () => Promise<unknown> | unknown };

export type ShutdownPlan = {
  server: http.Server;
  /** Background work, stopped while requests drain: page freshness, jobs, media, ops socket, WebSocket gateway. */
  background: ShutdownStep[];
  /** Closed once no request is left: rate limiter, bus, then the database. */
  connections: ShutdownStep[];
  /** How long requests in flight may take to finish before their connections are cut. */
  drainMs: number;
  /** Whatever still runs after this long, the process exits (code 1). */
  deadlineMs: number;
  exit: (code: number) => void;
};

async function runStep(step: ShutdownStep): Promise<boolean> {
  try {
    await step.run();
    return true;
  } catch (error) {
    log.error('shutdown step failed', { step: step.name, error: error instanceof Error ? error.stack : String(error) });
    return false;
  }
}

/** Returns `stop(reason, code)`; calls after the first are ignored. */
export function createShutdown(plan: ShutdownPlan): (reason: string, code?: number) => Promise<void> {
  let stopping = false;
  return async (reason, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { reason });
    const hardExit = setTimeout(() => {
      log.error('shutdown deadline passed: exiting now', { deadlineMs: plan.deadlineMs });
      plan.exit(1);
    }, plan.deadlineMs);
    hardExit.unref();

    const closed = new Promise<void>((resolve) => plan.server.close(() => resolve()));
    // Keep-alive sockets between requests would hold close() open; sockets in the middle of a request stay.
    plan.server.closeIdleConnections();
    let clean = true;
    for (const step of plan.background) clean = (await runStep(step)) && clean;
    let drainTimer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      closed.then(() => true),
      new Promise<false>((resolve) => {
        drainTimer = setTimeout(() => resolve(false), plan.drainMs);
      }),
    ]);
    clearTimeout(drainTimer);
    if (!drained) {
      log.warn('requests still running at the drain deadline: closing their connections', { drainMs: plan.drainMs });
      plan.server.closeAllConnections();
      await closed;
    }
    for (const step of plan.connections) clean = (await runStep(step)) && clean;
    clearTimeout(hardExit);
    log.info('stopped', { reason, clean });
    plan.exit(code === 0 && !clean ? 1 : code);
  };
}

/**
 * A rejected promise nobody awaited is logged and the process carries on (one request's bug should not end every
 * other request); an uncaught exception leaves state unknown, so it is logged and the process stops as on SIGTERM.
 */
export function installProcessErrorHandlers(stop: (reason: string, code?: number) => Promise<void>): void {
  process.on('unhandledRejection', (reason) => {
    log.error('unhandled rejection', { error: reason instanceof Error ? reason.stack : String(reason) });
  });
  process.on('uncaughtException', (error) => {
    log.error('uncaught exception', { error: error.stack ?? String(error) });
    void stop('uncaughtException', 1);
  });
}
