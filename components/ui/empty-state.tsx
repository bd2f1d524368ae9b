// The one empty state every list and page shows when it has nothing yet: icon, what is missing, what will appear.
// As a prompt (variant="prompt") the same card asks for something (log in, apply) with a button of the caller's.
import Link from 'next/link';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { buttonClass } from './button';
import { cardClass } from './card';
import { classNames } from './class-names';
import styles from './empty-state.module.css';

export type EmptyStateIcon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

export type EmptyStateProps = {
  icon: EmptyStateIcon;
  title: string;
  description: string;
  /** A link under the text, or a prompt's own button. */
  action?: { href: string; label: string } | ReactNode;
  variant?: 'empty' | 'prompt';
  titleId?: string;
  className?: string;
};

/** The classes of the empty state's action, for a button that must look like its link. */
export const emptyStateActionClass = buttonClass({ variant: 'secondary', className: styles.action });

function isLinkAction(action: EmptyStateProps['action']): action is { href: string; label: string } {
  return typeof action === 'object' && action !== null && 'href' in action && 'label' in action;
}

export function EmptyState({ icon: Icon, title, description, action, variant = 'empty', titleId = 'empty-state-title', className }: EmptyStateProps) {
  return (
    <section className={cardClass({ glow: true, className: classNames(styles.empty, variant === 'prompt' && styles.prompt, className) })} aria-labelledby={titleId}>
      <div className={styles.badge}>
        <Icon size={32} />
      </div>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.description}>{description}</p>
      {isLinkAction(action) ? (
        <Link href={action.href} className={emptyStateActionClass}>
          {action.label}
        </Link>
      ) : (
        (action ?? null)
      )}
    </section>
  );
}
