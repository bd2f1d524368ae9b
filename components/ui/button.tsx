// The site's button: a variant says what it does (primary, secondary, outline, danger, icon), a size where it stands;
// `loading` keeps it from being pressed twice while its action runs.
import type { ButtonHTMLAttributes } from 'react';
import { classNames } from './class-names';
import styles from './button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'icon';
type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';

export type ButtonLook = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string };

/** The classes of a button, for a link or a label that must look like one. */
export function buttonClass({ variant = 'primary', size = 'md', block = false, className }: ButtonLook = {}): string {
  return classNames(styles.button, styles[variant], styles[size], block && styles.block, className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook & { loading?: boolean };

export function Button({ variant, size, block, className, loading = false, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    />
  );
}
