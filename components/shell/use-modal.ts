// A <dialog> shown as a modal (focus trapped, page inert, Escape → cancel) from the moment its component mounts.
import { useEffect, useRef, type RefObject } from 'react';

export function useModal(): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return dialog;
}
