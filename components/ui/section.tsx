// A titled block of a page: the heading row (title, and a "more" link or a note on the right) over its content.
// The section is named by its heading, which is what a screen reader's list of headings shows.
import type { ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './layout.module.css';

type SectionProps = {
  /** The heading's id is `${id}-title`. */
  id: string;
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
};

export function Section({ id, title, action, className, titleClassName, children }: SectionProps) {
  return (
    <section className={classNames(styles.section, className)} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHeader}>
        <h2 id={`${id}-title`} className={classNames(styles.sectionTitle, titleClassName)}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
