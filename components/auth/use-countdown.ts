'use client';
// The SMS resend countdown (spec §4, §9): 60 s showing the seconds left, then sending is allowed again.
// Counts toward a deadline rather than ticking down, so a throttled background tab still ends on time.
import { useCallback, useEffect, useState } from 'react';

export const smsResendSeconds = 60;

export function useCountdown(seconds: number = smsResendSeconds) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [startedOnce, setStartedOnce] = useState(false);

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
    setStartedOnce(true);
  }, [seconds]);

  return { secondsLeft, running: secondsLeft > 0, startedOnce, start };
}
