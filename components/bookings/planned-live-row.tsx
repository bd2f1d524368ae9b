// One planned live in the live preview: when, the anchor, the title, a link to the anchor's room and the Book button.
import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import { liveRoomPath } from '@/lib/routes';
import type { PlannedLive } from '@/lib/validation/bookings';
import { LocalTime } from '@/components/shell/local-time';
import { Avatar } from '@/components/ui/avatar';
import { BookButton } from './book-button';
import styles from './bookings.module.css';

export function PlannedLiveRow({ plan, locale }: { plan: PlannedLive; locale: Locale }) {
  return (
    <li className={styles.planRow} data-plan-id={plan.id}>
      <LocalTime className={styles.planTime} iso={new Date(plan.plan_time).toISOString()} locale={locale} format="kickoff" />
      <Link className={styles.planLink} href={liveRoomPath(plan.anchor_id)} prefetch={false}>
        <Avatar src={plan.anchor_avatar} name={plan.anchor_name} size={32} />
        <span className={styles.planText}>
          <span className={styles.planTitle}>{plan.title}</span>
          <span className={styles.planAnchor}>{plan.anchor_name}</span>
        </span>
      </Link>
      <BookButton kind="plan" id={plan.id} title={plan.title} />
    </li>
  );
}
