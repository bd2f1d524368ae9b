// A bordered surface holding one thing. `radius` picks the 16 px (xl), 14 px (lg) or 12 px (md) corner; `glow` washes the top
// in the brand colour; `clip` keeps rows inside the rounded corners.
import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';
import styles from './card.module.css';

export type CardLook = { radius?: 'md' | 'lg' | 'xl'; glow?: boolean; clip?: boolean; className?: string };

export function cardClass({ radius = 'xl', glow = false, clip = false, className }: CardLook = {}): string {
  return classNames(styles.card, radius !== 'xl' && styles[radius], glow && styles.glow, clip && styles.clip, className);
}

type CardTag = 'div' | 'section' | 'article' | 'aside' | 'ul' | 'ol' | 'li';

export function Card({ as: Tag = 'div', radius, glow, clip, className, ...rest }: HTMLAttributes<HTMLElement> & CardLook & { as?: CardTag }) {
  return <Tag className={cardClass({ radius, glow, clip, className })} {...rest} />;
}
