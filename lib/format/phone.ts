// Phone display rules shared by server and browser (spec §3 formatPhone, §5 grouping).

/** First 3 and last 4 digits kept, the middle starred: 13812345678 → 138****5678. Short numbers keep 2 and 2. */
export function maskPhone(mobile: string): string {
  const keepStart = mobile.length >= 10 ? 3 : 2;
  const keepEnd = mobile.length >= 10 ? 4 : 2;
  if (mobile.length <= keepStart + keepEnd) return '*'.repeat(mobile.length);
  return mobile.slice(0, keepStart) + '*'.repeat(mobile.length - keepStart - keepEnd) + mobile.slice(-keepEnd);
}
