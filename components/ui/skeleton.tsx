// Where content is still loading: a shimmering block the caller sizes (className), optionally framed like a card.
import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';
import styles from './skeleton.module.css';

export function Skeleton({ framed = false, className, ...rest }: HTMLAttributes<HTMLDivElement> & { framed?: boolean }) {
  return <div className={classNames(styles.skeleton, framed && styles.framed, className)} {...rest} />;
}
