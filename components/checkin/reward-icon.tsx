// A check-in reward's picture (spec §3 reward item icon): a drawn glyph per kind on a tinted tile, or the operator's
// image when the icon is an address.
import { AwardIcon, ChatIcon, DiamondIcon, GemIcon, GiftIcon, MegaphoneIcon, TicketIcon } from '@/components/shell/icons';
import styles from './checkin.module.css';

const glyphs = {
  experience: AwardIcon,
  gold: DiamondIcon,
  diamond: GemIcon,
  ticket: TicketIcon,
  speaker: MegaphoneIcon,
  bubble: ChatIcon,
  lottery: GiftIcon,
  item: GiftIcon,
} as const;

function isGlyph(icon: string): icon is keyof typeof glyphs {
  return icon in glyphs;
}

export function RewardIcon({ icon, size = 22 }: { icon: string; size?: number }) {
  const Glyph = isGlyph(icon) ? glyphs[icon] : glyphs.item;
  return (
    <span className={styles.rewardIcon} data-icon={icon} aria-hidden="true">
      <Glyph size={size} />
    </span>
  );
}
