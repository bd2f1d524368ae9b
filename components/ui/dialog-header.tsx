// A dialog's title bar: its heading (named by the dialog's aria-labelledby) and a close button.
import { classNames } from './class-names';
import styles from './dialog-header.module.css';

export function DialogHeader({ titleId, title, closeLabel, onClose, className }: { titleId: string; title: string; closeLabel: string; onClose: () => void; className?: string }) {
  return (
    <header className={classNames(styles.header, className)}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </header>
  );
}
