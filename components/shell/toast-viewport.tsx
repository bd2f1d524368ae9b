'use client';
// Where toasts appear: top centre, under the site header (never over its nav), announced politely to screen
// readers. The region is a manual popover, so it sits in the top layer: above a modal dialog's backdrop and a full
// screen video as well. While a modal dialog is open the region lives inside it, because everything outside an
// open modal dialog is inert (drawn, but silent to screen readers).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useToastStore } from '@/stores/toast-store';
import styles from './toast-viewport.module.css';

/** Space between the toasts and the header's bottom edge (or the top of the screen, under a dialog). */
const gapPx = 12;

/** The dialog the viewer is looking at: the app opens dialogs only with showModal(), and a nested one comes later. */
function topmostDialog(): HTMLDialogElement | null {
  return [...document.querySelectorAll('dialog[open]')].filter((node) => node instanceof HTMLDialogElement).at(-1) ?? null;
}

type Host = { element: Element; top: number };

function currentHost(): Host {
  const dialog = topmostDialog();
  if (dialog) return { element: dialog, top: gapPx };
  // The sticky header's bottom edge where it is on screen now; a header scrolled away leaves the top free.
  const header = document.querySelector('[data-site-header]')?.getBoundingClientRect().bottom ?? 0;
  return { element: document.body, top: Math.max(header, 0) + gapPx };
}

export function ToastViewport() {
  const toasts = useToastStore((state) => state.toasts);
  const newest = toasts.at(-1)?.id;
  const [host, setHost] = useState<Host | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const hostElement = useRef<Element | null>(null);
  useLayoutEffect(() => {
    hostElement.current = host?.element ?? null;
  }, [host]);

  // Each new toast finds its place again: a dialog may have opened, the page may have scrolled.
  useLayoutEffect(() => {
    setHost(currentHost());
  }, [newest]);

  // While toasts show, a dialog opening or going (closed, or unmounted with the toast it just gave) moves them.
  const showing = toasts.length > 0;
  useEffect(() => {
    if (!showing) return;
    const observer = new MutationObserver(() => {
      const next = currentHost();
      if (next.element !== hostElement.current) setHost(next);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [showing]);

  // Shown again for each toast, so that it is the newest in the top layer (above a dialog opened since).
  useLayoutEffect(() => {
    const element = region.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [newest, host]);

  if (!host) return null;
  return createPortal(
    <div ref={region} popover="manual" className={styles.viewport} style={{ top: host.top }} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-tone={toast.tone}>
          {toast.message}
        </div>
      ))}
    </div>,
    host.element,
  );
}
