import {
  chunkRetryWindowMs, decideOnChunkFailure, decideOnStartup, isChunkLoadFailure,
} from '@/components/shell/chunk-recovery';

const now = 1_700_000_000_000;

describe('isChunkLoadFailure', () => {
  it('recognises a failed script or stylesheet of the app bundle', () => {
    expect(isChunkLoadFailure({ kind: 'resource', tagName: 'SCRIPT', url: 'http://localhost/_next/static/chunks/app.js' })).toBe(true);
    expect(isChunkLoadFailure({ kind: 'resource', tagName: 'LINK', rel: 'stylesheet', url: '/_next/static/css/a.css' })).toBe(true);
  });

  it('ignores other failed resources', () => {
    expect(isChunkLoadFailure({ kind: 'resource', tagName: 'SCRIPT', url: 'https://cdn.example/analytics.js' })).toBe(false);
    expect(isChunkLoadFailure({ kind: 'resource', tagName: 'LINK', rel: 'preload', url: '/_next/static/css/a.css' })).toBe(false);
    expect(isChunkLoadFailure({ kind: 'resource', tagName: 'IMG', url: '/_next/static/media/logo.png' })).toBe(false);
  });

  it('recognises rejected chunk imports by name or message, and nothing else', () => {
    expect(isChunkLoadFailure({ kind: 'rejection', name: 'ChunkLoadError', message: 'Loading chunk 42 failed.' })).toBe(true);
    expect(isChunkLoadFailure({ kind: 'rejection', name: 'Error', message: 'Failed to load chunk /_next/static/chunks/x.js' })).toBe(true);
    expect(isChunkLoadFailure({ kind: 'rejection', name: 'TypeError', message: 'Failed to fetch dynamically imported module: /x.js' })).toBe(true);
    expect(isChunkLoadFailure({ kind: 'rejection', name: 'TypeError', message: 'Failed to fetch' })).toBe(false);
  });
});

describe('decideOnChunkFailure', () => {
  it('remembers the target and reloads on a first failure', () => {
    expect(decideOnChunkFailure({ retryAt: null, target: null }, '/news', now)).toEqual({
      action: 'reload',
      memory: { retryAt: now, target: '/news' },
    });
  });

  it('swallows a failure soon after a recovery reload, so it cannot loop', () => {
    const memory = { retryAt: now - 5_000, target: null };
    expect(decideOnChunkFailure(memory, '/news', now)).toEqual({ action: 'swallow' });
    expect(decideOnChunkFailure(memory, '/news', now - 5_000 + chunkRetryWindowMs - 1)).toEqual({ action: 'swallow' });
  });

  it('recovers again once the retry window has passed (a later deploy)', () => {
    const memory = { retryAt: now - chunkRetryWindowMs, target: null };
    expect(decideOnChunkFailure(memory, '/schedule', now)).toEqual({ action: 'reload', memory: { retryAt: now, target: '/schedule' } });
  });

  it('does not trust a retry time from the future (a clock change)', () => {
    expect(decideOnChunkFailure({ retryAt: now + 60_000, target: null }, '/news', now).action).toBe('reload');
  });
});

describe('decideOnStartup', () => {
  it('navigates to the remembered path once, keeping the retry flag', () => {
    expect(decideOnStartup({ retryAt: now, target: '/news?page=2' }, '/home')).toEqual({
      action: 'navigate',
      to: '/news?page=2',
      memory: { retryAt: now, target: null },
    });
  });

  it('stays when already there or nothing is remembered', () => {
    expect(decideOnStartup({ retryAt: now, target: '/home' }, '/home')).toEqual({ action: 'stay', memory: { retryAt: now, target: null } });
    expect(decideOnStartup({ retryAt: null, target: null }, '/home')).toEqual({ action: 'stay', memory: { retryAt: null, target: null } });
  });

  it('refuses a remembered target that is not a path on this site', () => {
    expect(decideOnStartup({ retryAt: now, target: 'https://evil.example/' }, '/home').action).toBe('stay');
  });
});
