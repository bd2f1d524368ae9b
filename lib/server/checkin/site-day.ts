import 'server-only';
// The day boundary of check-ins: midnight in the site's time zone (CHECKIN_TIME_ZONE), the same for every brand and
// device, so one account cannot earn two days by switching brand or changing the clock of its phone.
import { getEnv } from '@/lib/env';
import { localDay } from './cycle';

export function siteToday(now: Date = new Date()): string {
  return localDay(now, getEnv().CHECKIN_TIME_ZONE);
}
