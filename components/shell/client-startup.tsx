'use client';
// Runs once per page load in the browser: logs the build (spec §9), installs chunk-load recovery (spec §2.1) and
// tells the server the device's time zone (lib/format/time-zone.ts) for the pages it renders per request.
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { buildVariant, buildVersion } from '@/lib/build-info';
import { deviceTimeZone, timeZoneCookie } from '@/lib/format/time-zone';
import {
  chunkRetryAtKey, chunkTargetKey, decideOnChunkFailure, decideOnStartup, isChunkLoadFailure, type FailureSignal,
  type RecoveryMemory,
} from './chunk-recovery';

// zod compiles object parsers with Function() once it has probed that eval works; the page's script policy forbids
// eval (docs/security.md), so it must not even probe (the probe is reported as a policy violation). Set in the
// global settings object zod itself reads and `z.config` writes (zod 4), so no page's first load carries zod: it
// comes with the parts that parse.
const zodSettings = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

/** A link clicked this recently is where the visitor was going when a chunk failed. */
const clickIntentMs = 10_000;

function readMemory(): RecoveryMemory {
  const retryAt = Number(sessionStorage.getItem(chunkRetryAtKey));
  return { retryAt: Number.isFinite(retryAt) && retryAt > 0 ? retryAt : null, target: sessionStorage.getItem(chunkTargetKey) };
}

function writeMemory(memory: RecoveryMemory): void {
  if (memory.retryAt === null) sessionStorage.removeItem(chunkRetryAtKey);
  else sessionStorage.setItem(chunkRetryAtKey, String(memory.retryAt));
  if (memory.target === null) sessionStorage.removeItem(chunkTargetKey);
  else sessionStorage.setItem(chunkTargetKey, memory.target);
}

function currentPath(): string {
  return `${location.pathname}${location.search}`;
}

function signalOf(event: Event): FailureSignal | null {
  if (event instanceof PromiseRejectionEvent) {
    const reason: unknown = event.reason;
    return reason instanceof Error ? { kind: 'rejection', name: reason.name, message: reason.message } : { kind: 'rejection', message: String(reason) };
  }
  const target = event.target;
  if (target instanceof HTMLScriptElement) return { kind: 'resource', tagName: target.tagName, url: target.src };
  if (target instanceof HTMLLinkElement) return { kind: 'resource', tagName: target.tagName, url: target.href, rel: target.rel };
  if (event instanceof ErrorEvent && event.error instanceof Error) return { kind: 'rejection', name: event.error.name, message: event.error.message };
  return null;
}

let buildLogged = false;

export function ClientStartup() {
  const router = useRouter();
  const lastClick = useRef<{ path: string; at: number } | null>(null);

  useEffect(() => {
    const zone = deviceTimeZone();
    const sent = document.cookie.split('; ').find((part) => part.startsWith(`${timeZoneCookie}=`));
    if (zone && sent !== `${timeZoneCookie}=${encodeURIComponent(zone)}`) {
      document.cookie = `${timeZoneCookie}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    }
  }, []);

  useEffect(() => {
    if (!buildLogged) {
      buildLogged = true;
      // eslint-disable-next-line no-console -- one line naming the build, for whoever reports a bug from the console
      console.info(`build ${buildVersion} (${buildVariant}), ${process.env.NODE_ENV}`);
    }
  }, []);

  useEffect(() => {
    const startup = decideOnStartup(readMemory(), currentPath());
    writeMemory(startup.memory);
    if (startup.action === 'navigate') router.replace(startup.to);

    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== location.origin || anchor.target === '_blank') return;
      lastClick.current = { path: `${anchor.pathname}${anchor.search}`, at: Date.now() };
    };
    const onFailure = (event: Event) => {
      const signal = signalOf(event);
      if (!signal || !isChunkLoadFailure(signal)) return;
      const now = Date.now();
      const intent = lastClick.current && now - lastClick.current.at < clickIntentMs ? lastClick.current.path : currentPath();
      const decision = decideOnChunkFailure(readMemory(), intent, now);
      // Either way the failure is handled here; the browser need not report it again.
      event.preventDefault();
      if (decision.action === 'swallow') return;
      writeMemory(decision.memory);
      location.reload();
    };

    document.addEventListener('click', onClick, true);
    // Capture: failed <script>/<link> loads do not bubble to window.
    window.addEventListener('error', onFailure, true);
    window.addEventListener('unhandledrejection', onFailure);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('error', onFailure, true);
      window.removeEventListener('unhandledrejection', onFailure);
    };
  }, [router]);

  return null;
}
