// The one empty state every list and page shows when it has nothing yet: icon, what is missing, what will appear.
import Link from 'next/link';
import type { ComponentType, SVGProps } from 'react';
import styles from './empty-state.module.css';

export type EmptyStateProps = {
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  title: string;
  description: string;
  action?: { href: string; label: string };
};

export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <section className={styles.empty} aria-labelledby="empty-state-title">
      <div className={styles.badge}>
        <Icon size={32} />
      </div>
      <h2 id="empty-state-title" className={styles.title}>
        {title}
      </h2>
      <p className={styles.description}>{description}</p>
      {action ? (
        <Link href={action.href} className={styles.action}>
          {action.label}
        </Link>
      ) : null}
    </section>
  );
}
