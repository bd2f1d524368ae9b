// A modal <dialog> with the site's chrome: shown from mount (or while `open`), focus trapped and the page inert as
// the browser does for showModal; Escape, and optionally a click on the backdrop, ask the caller to dismiss it.
import { useEffect, useRef, type DialogHTMLAttributes, type RefObject } from 'react';
import { classNames } from './class-names';
import styles from './dialog-frame.module.css';

export type DialogFrameProps = Omit<DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onCancel'> & {
  /** Shown while true; without it, shown from the moment it mounts. */
  open?: boolean;
  /** Escape, or a backdrop click with closeOnBackdrop: the dialog stays open until the caller closes it. */
  onDismiss: () => void;
  closeOnBackdrop?: boolean;
  /** For a caller that also drives the element (close, showModal again). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
};

export function DialogFrame({ open = true, onDismiss, closeOnBackdrop = false, dialogRef, className, onClick, ...rest }: DialogFrameProps) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? ownRef;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open, ref]);
  return (
    // A click on the backdrop lands on the <dialog> itself; Escape (onCancel) is the keyboard's way out.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={classNames(styles.frame, className)}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        // The backdrop is the dialog element itself, outside its content.
        if (closeOnBackdrop && event.target === event.currentTarget) onDismiss();
        onClick?.(event);
      }}
      {...rest}
    />
  );
}
