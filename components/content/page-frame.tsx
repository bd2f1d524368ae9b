// The frame of a public page: width, the heading with its brand bar, an optional line under it.
import type { ReactNode } from 'react';
import { Section } from '@/components/ui/section';
import styles from './page-frame.module.css';

type PageFrameProps = {
  title: string;
  /** A short line under the title (what the page lists, a date, a zone). */
  lead?: ReactNode;
  /** Above the heading: the breadcrumb trail. */
  above?: ReactNode;
  /** Beside the heading on wide screens: filters or a link. */
  aside?: ReactNode;
  children: ReactNode;
  width?: 'wide' | 'reading';
};

export function PageFrame({ title, lead, above, aside, children, width = 'wide' }: PageFrameProps) {
  return (
    <div className={`${styles.page} ${width === 'reading' ? styles.reading : ''}`}>
      {above}
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {lead ? <p className={styles.lead}>{lead}</p> : null}
        </div>
        {aside ? <div className={styles.aside}>{aside}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A titled block of a page (the shared Section, with this frame's spacing on phones). */
export function PageSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Section id={id} title={title} action={action} className={styles.section}>
      {children}
    </Section>
  );
}
