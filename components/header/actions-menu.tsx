'use client';
// On narrow screens the header actions fold into a menu behind one button; on wide screens they sit inline.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { MenuIcon } from '@/components/shell/icons';
import { useDismiss } from '@/components/shell/use-dismiss';
import styles from './header.module.css';

export function ActionsMenu({ children }: { children: ReactNode }) {
  const t = useTranslations('shell');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  // Close on navigation, on a click elsewhere and on Escape.
  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, root, useCallback(() => setOpen(false), []));

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
