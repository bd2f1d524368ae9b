// A mall item's picture: a drawn glyph on a coloured tile for the catalogue's own icons (the chat's bubble colours,
// the speaker, tickets, the three VIP ranks), or the operator's image when the icon is an address.
import { AwardIcon, ChatIcon, MegaphoneIcon, TicketIcon } from '@/components/shell/icons';
import styles from './mall.module.css';

const glyphs = {
  speaker: MegaphoneIcon,
  bubble2: ChatIcon,
  bubble3: ChatIcon,
  bubble4: ChatIcon,
  ticket: TicketIcon,
  vip1: AwardIcon,
  vip2: AwardIcon,
  vip3: AwardIcon,
} as const;

function isGlyph(icon: string): icon is keyof typeof glyphs {
  return icon in glyphs;
}

export function ItemIcon({ icon, size = 'md' }: { icon: string; size?: 'md' | 'lg' }) {
  const Glyph = isGlyph(icon) ? glyphs[icon] : undefined;
  return (
    <span className={styles.icon} data-icon={icon} data-size={size} aria-hidden="true">
      {Glyph ? <Glyph size={size === 'lg' ? 34 : 28} /> : icon ? <img src={icon} alt="" width={40} height={40} /> : null}
    </span>
  );
}
