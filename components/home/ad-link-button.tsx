'use client';
// A banner whose target is an ad link (spec §7 getAdJumpLink): the URL is asked for on click and opened
// in a new tab; failures are told as the spec's toasts (the server's message, else the request error).
import type { ReactNode } from 'react';
import { api, ApiError } from '@/lib/http';
import type { AdJumpLink } from '@/lib/validation/content';
import { useToast } from '@/stores/toast-store';

export function AdLinkButton({ jumpType, className, label, children }: { jumpType: number; className: string; label: string; children: ReactNode }) {
  const toast = useToast();
  async function open() {
    // Opened before the request, inside the click, so that pop-up blockers let it through.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url } = await api.post<AdJumpLink>('/api/activity/getAdJumpLink', { jump_type: jumpType });
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      toast(error instanceof ApiError || error instanceof Error ? error.message : String(error), 'error');
    }
  }
  return (
    <button type="button" className={className} aria-label={label} onClick={() => void open()}>
      {children}
    </button>
  );
}
