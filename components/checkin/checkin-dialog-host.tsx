'use client';
// Where the daily dialog lives for a signed-in user, loaded after the page (the header button imports this on demand,
// so no page's first load carries it). It opens when asked (the header button) and by itself per spec §4: unless the
// daily cookie exists and the dialog has opened dialog_daily_times times today. Opening by itself sets the cookie until
// midnight and counts the opening; 0 daily times means it never opens by itself. Its texts come with it, in both
// languages, so pages without the dialog carry none of them.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { NextIntlClientProvider, useLocale } from 'next-intl';
import enCheckin from '@/messages/en-US/checkin.json';
import zhCheckin from '@/messages/zh-CN/checkin.json';
import { checkinDialogCookie, checkinDialogCountKey } from '@/lib/validation/checkin-constants';
import { CheckinDialog } from './checkin-dialog';

const messages = { 'en-US': { checkin: enCheckin }, 'zh-CN': { checkin: zhCheckin } };

function hasDailyCookie(): boolean {
  return document.cookie.split('; ').some((part) => part.startsWith(`${checkinDialogCookie}=`));
}

/** Spec §4: whether the dialog opens by itself now; when it does, the opening is counted and the cookie set. */
function claimAutomaticOpening(dailyTimes: number): boolean {
  if (dailyTimes <= 0) return false;
  // A new day (no cookie) starts the count again.
  const count = hasDailyCookie() ? Number(localStorage.getItem(checkinDialogCountKey)) || 0 : 0;
  if (count >= dailyTimes) return false;
  const midnight = new Date();
  midnight.setHours(24, 0, 0, 0);
  document.cookie = `${checkinDialogCookie}=1; expires=${midnight.toUTCString()}; path=/; SameSite=Lax`;
  localStorage.setItem(checkinDialogCountKey, String(count + 1));
  return true;
}

type HostProps = { userId: number; dailyTimes: number; asked: boolean; onClosed: () => void };

export function CheckinDialogHost({ userId, dailyTimes, asked, onClosed }: HostProps) {
  const locale = useLocale();
  const [automatic, setAutomatic] = useState(false);
  useEffect(() => {
    // Reads the browser's cookie and storage, so it can only be decided after mounting.
    if (claimAutomaticOpening(dailyTimes)) setAutomatic(true);
  }, [dailyTimes]);
  if (!asked && !automatic) return null;
  const close = () => {
    setAutomatic(false);
    onClosed();
  };
  // Rendered at the body: on phones the header's actions sit in a folded menu, whose hidden panel would hide the dialog
  // too (while still modal, the page inert behind it).
  return createPortal(
    <NextIntlClientProvider locale={locale} messages={locale === 'zh-CN' ? messages['zh-CN'] : messages['en-US']}>
      <CheckinDialog userId={userId} onClose={close} />
    </NextIntlClientProvider>,
    document.body,
  );
}
