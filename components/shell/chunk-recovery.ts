// Recovery from a page whose script or style chunk failed to load (spec §2.1, §8), usually after a deploy
// replaced the chunks: remember where the visitor was going, reload once, then go there.
// The decisions are pure; chunk-load-recovery.tsx wires them to the browser.

export const chunkRetryAtKey = 'chunk_retry_at';
export const chunkTargetKey = 'chunk_target';
/** Failures this soon after a recovery reload are not retried again (spec §9: the chunk load time-out). */
export const chunkRetryWindowMs = 120_000;

/** What sessionStorage remembers between the failure and the reloaded page. */
export type RecoveryMemory = { retryAt: number | null; target: string | null };

export type FailureSignal =
  | { kind: 'resource'; tagName: string; url: string; rel?: string }
  | { kind: 'rejection'; name?: string; message?: string };

const chunkMessage =
  /ChunkLoadError|Loading (CSS )?chunk [\w/.-]+ failed|Failed to load chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/** True for a failed script or stylesheet of the app's own bundle, or a rejected chunk import. */
export function isChunkLoadFailure(signal: FailureSignal): boolean {
  if (signal.kind === 'resource') {
    const tag = signal.tagName.toUpperCase();
    const isCode = tag === 'SCRIPT' || (tag === 'LINK' && signal.rel === 'stylesheet');
    return isCode && signal.url.includes('/_next/static/');
  }
  return signal.name === 'ChunkLoadError' || chunkMessage.test(signal.message ?? '');
}

export type FailureDecision = { action: 'reload'; memory: RecoveryMemory } | { action: 'swallow' };

/** A first failure reloads; another within the retry window is swallowed, so a broken deploy cannot loop. */
export function decideOnChunkFailure(memory: RecoveryMemory, targetPath: string, nowMs: number): FailureDecision {
  if (memory.retryAt !== null && nowMs - memory.retryAt >= 0 && nowMs - memory.retryAt < chunkRetryWindowMs) {
    return { action: 'swallow' };
  }
  return { action: 'reload', memory: { retryAt: nowMs, target: targetPath } };
}

export type StartupDecision = { action: 'navigate'; to: string; memory: RecoveryMemory } | { action: 'stay'; memory: RecoveryMemory };

/** After the reload: go to the remembered path once (it is forgotten either way); the retry flag stays. */
export function decideOnStartup(memory: RecoveryMemory, currentPath: string): StartupDecision {
  const next = { retryAt: memory.retryAt, target: null };
  if (!memory.target || memory.target === currentPath || !memory.target.startsWith('/')) return { action: 'stay', memory: next };
  return { action: 'navigate', to: memory.target, memory: next };
}
