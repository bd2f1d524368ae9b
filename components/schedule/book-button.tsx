'use client';
// Booking a match (spec: booked matches live in the user centre). Signed out, it opens the login
// dialog; signed in, it leads to the booked-matches page.
import { useRouter } from 'next/navigation';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';
import styles from './book-button.module.css';

export const bookedMatchesPath = '/user-center/mySchedule';

export function BookButton({ label, accessibleLabel }: { label: string; accessibleLabel: string }) {
  const openLogin = useSessionStore((state) => state.openLogin);
  const signedIn = useUserStore((state) => state.userInfo !== null);
  const router = useRouter();
  return (
    <button type="button" className={styles.book} aria-label={accessibleLabel} onClick={() => (signedIn ? router.push(bookedMatchesPath) : openLogin())}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span className={styles.label}>{label}</span>
    </button>
  );
}
