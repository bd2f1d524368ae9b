'use client';
// Where toasts appear: top centre, announced politely to screen readers.
import { useToastStore } from '@/stores/toast-store';
import styles from './toast-viewport.module.css';

export function ToastViewport() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className={styles.viewport} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-tone={toast.tone}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
