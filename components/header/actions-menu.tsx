'use client';
// On narrow screens the header actions fold into a menu behind one button; on wide screens they sit inline.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/components/shell/icons';
import styles from './header.module.css';

export function ActionsMenu({ children }: { children: ReactNode }) {
  const t = useTranslations('shell');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  // Close on navigation, on a click elsewhere and on Escape.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={styles.actionsRoot}>
      <button
        type="button"
        className={styles.menuToggle}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('menu')}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon size={20} />
      </button>
      <div id={panelId} className={styles.actions} data-open={open}>
        {children}
      </div>
    </div>
  );
}
