'use client';
// A tab list (WAI-ARIA tabs, automatic activation): the selected tab is the one Tab stops on, the arrow keys, Home
// and End move the selection and the focus. The caller owns the selection and renders the panels.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './tabs.module.css';

type TabItem<T extends string> = { id: T; label: ReactNode };

export type TabsProps<T extends string> = {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** The tab list's accessible name. */
  label?: string;
  variant?: 'underline' | 'segmented';
  /** The id of each tab, and of the panel it controls. */
  tabId?: (id: T) => string | undefined;
  panelId?: (id: T) => string | undefined;
  disabled?: boolean;
  className?: string;
  tabClassName?: string;
};

const keyMoves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function Tabs<T extends string>({ items, value, onChange, label, variant = 'underline', tabId, panelId, disabled, className, tabClassName }: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = keyMoves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = items[move(Math.max(0, items.findIndex((item) => item.id === value)), items.length)].id;
    onChange(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={classNames(styles.tabs, styles[variant], className)}>
      {items.map((item) => (
        <button
          key={item.id}
          ref={(element) => {
            if (element) buttons.current.set(item.id, element);
            else buttons.current.delete(item.id);
          }}
          type="button"
          role="tab"
          id={tabId?.(item.id)}
          aria-selected={item.id === value}
          aria-controls={panelId?.(item.id)}
          tabIndex={item.id === value ? 0 : -1}
          className={classNames(styles.tab, tabClassName)}
          disabled={disabled}
          onClick={() => onChange(item.id)}
          onKeyDown={onKeyDown}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
