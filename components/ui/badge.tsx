// A small pill naming a state; the tone says which kind (neutral, muted, success, brand, live).
import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'muted' | 'success' | 'brand' | 'live';

function badgeClass(tone: BadgeTone = 'neutral', className?: string): string {
  return classNames(styles.badge, styles[tone], className);
}

export function Badge({ tone, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={badgeClass(tone, className)} {...rest} />;
}
