'use client';
// A panel that opens on hover or focus and closes a moment after the pointer leaves (spec §9: 100 ms),
// so moving from the button into the panel does not close it.
import { useCallback, useEffect, useRef, useState } from 'react';

export const hoverPanelHideDelayMs = 100;

export function useHoverPanel() {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(() => {
    clearTimeout(hideTimer.current);
    setOpen(true);
  }, []);
  const hideSoon = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOpen(false), hoverPanelHideDelayMs);
  }, []);
  const hideNow = useCallback(() => {
    clearTimeout(hideTimer.current);
    setOpen(false);
  }, []);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  return {
    open,
    hideNow,
    /** Spread on the element that holds both the trigger and the panel. */
    handlers: {
      onMouseEnter: show,
      onMouseLeave: hideSoon,
      onFocus: show,
      onBlur: hideSoon,
      onKeyDown: (event: { key: string }) => {
        if (event.key === 'Escape') hideNow();
      },
    },
  };
}
