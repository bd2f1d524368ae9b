// Line icons drawn for the product (24×24, stroke = currentColor). One export per icon, each marked pure,
// so the browser bundle carries only the icons some client island uses.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function lineIcon(paths: readonly string[]) {
  return function LineIcon({ size = 20, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

export const HomeIcon = /* @__PURE__ */ lineIcon(['M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z']);
export const LiveIcon = /* @__PURE__ */ lineIcon(['M3 7h18v13H3z', 'M8 3l4 4 4-4', 'M10 11v5l4-2.5z']);
export const CalendarIcon = /* @__PURE__ */ lineIcon(['M4 5h16v16H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4']);
export const CalendarCheckIcon = /* @__PURE__ */ lineIcon(['M4 5h16v16H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4', 'M9 15.5l2 2 4-4']);
export const NewsIcon = /* @__PURE__ */ lineIcon(['M4 4h13v16H6a2 2 0 0 1-2-2z', 'M17 8h3v10a2 2 0 0 1-2 2', 'M8 8h5', 'M8 12h5', 'M8 16h3']);
export const GiftIcon = /* @__PURE__ */ lineIcon([
  'M3 9h18v4H3z',
  'M5 13v8h14v-8',
  'M12 9v12',
  'M12 9S10.5 4 8 4a2.5 2.5 0 0 0 0 5',
  'M12 9s1.5-5 4-5a2.5 2.5 0 0 1 0 5',
]);
export const BagIcon = /* @__PURE__ */ lineIcon(['M5 8h14l-1 13H6z', 'M9 8V6a3 3 0 0 1 6 0v2']);
export const MegaphoneIcon = /* @__PURE__ */ lineIcon(['M4 10v4h3l7 5V5l-7 5z', 'M17.5 9a4 4 0 0 1 0 6']);
export const ReplayIcon = /* @__PURE__ */ lineIcon(['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5', 'M10.5 9.5l4 2.5-4 2.5z']);
export const TrophyIcon = /* @__PURE__ */ lineIcon(['M8 4h8v5a4 4 0 0 1-8 0z', 'M8 6H5a3 3 0 0 0 3.2 4', 'M16 6h3a3 3 0 0 1-3.2 4', 'M12 13v4', 'M8 21h8', 'M10 17h4v4h-4z']);
export const ChatIcon = /* @__PURE__ */ lineIcon(['M4 5h16v11H9l-5 4z']);
export const FeedbackIcon = /* @__PURE__ */ lineIcon(['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5']);
export const ClockIcon = /* @__PURE__ */ lineIcon([circle(12, 12, 9), 'M12 7v5l3 2']);
export const PodiumIcon = /* @__PURE__ */ lineIcon(['M3 21h18', 'M4 21v-7h5v7', 'M9.5 21V8h5v13', 'M15 21v-4h5v4', 'M12 3l.9 1.8 2 .3-1.45 1.4.35 2L12 7.6l-1.8.9.35-2L9.1 5.1l2-.3z']);
export const GamepadIcon = /* @__PURE__ */ lineIcon([
  'M6.5 8h11a4.5 4.5 0 0 1 4.4 5.4l-.5 2.4a3 3 0 0 1-5.2 1.4L14.5 15h-5l-1.7 2.2a3 3 0 0 1-5.2-1.4l-.5-2.4A4.5 4.5 0 0 1 6.5 8z',
  'M7.5 10.5v3',
  'M6 12h3',
  'M15.5 11h.01',
  'M17.5 13h.01',
]);
export const TicketIcon = /* @__PURE__ */ lineIcon(['M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z', 'M14.5 7v2', 'M14.5 11v2', 'M14.5 15v2']);
export const PhoneDownloadIcon = /* @__PURE__ */ lineIcon(['M7 2h10v20H7z', 'M12 6.5v7', 'M9.5 11l2.5 2.5 2.5-2.5', 'M11 18h2']);
export const HeartIcon = /* @__PURE__ */ lineIcon(['M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z']);
export const VideoIcon = /* @__PURE__ */ lineIcon(['M3 7h12v10H3z', 'M15 10.5l6-3.5v10l-6-3.5']);
export const SearchIcon = /* @__PURE__ */ lineIcon([circle(11, 11, 7), 'M20 20l-4-4']);
export const UserIcon = /* @__PURE__ */ lineIcon([circle(12, 8, 4), 'M4 21a8 8 0 0 1 16 0']);
export const ArrowUpIcon = /* @__PURE__ */ lineIcon(['M12 19V5', 'M5 12l7-7 7 7']);
export const WrenchIcon = /* @__PURE__ */ lineIcon(['M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-2.5z']);
export const ExternalIcon = /* @__PURE__ */ lineIcon(['M14 4h6v6', 'M20 4l-9 9', 'M18 14v6H4V6h6']);
export const MenuIcon = /* @__PURE__ */ lineIcon(['M4 4h6v6H4z', 'M14 4h6v6h-6z', 'M4 14h6v6H4z', 'M14 14h6v6h-6z']);
export const DiceIcon = /* @__PURE__ */ lineIcon(['M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z', 'M8 8h.01', 'M16 8h.01', 'M12 12h.01', 'M8 16h.01', 'M16 16h.01']);
export const AlertIcon = /* @__PURE__ */ lineIcon(['M12 3l10 18H2z', 'M12 10v5', 'M12 18h.01']);
export const ShieldIcon = /* @__PURE__ */ lineIcon(['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4']);
export const DocumentIcon = /* @__PURE__ */ lineIcon(['M6 3h9l4 4v14H6z', 'M14 3v5h5', 'M9 13h6', 'M9 17h6']);
export const WalletIcon = /* @__PURE__ */ lineIcon(['M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3z', 'M3 7l12-3v3', 'M16 13.5h2']);
export const SlidersIcon = /* @__PURE__ */ lineIcon(['M4 6h9', 'M17 6h3', 'M15 4v4', 'M4 12h3', 'M11 12h9', 'M9 10v4', 'M4 18h11', 'M19 18h1', 'M17 16v4']);
export const HistoryIcon = /* @__PURE__ */ lineIcon(['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5', 'M12 8v4l3 2']);
export const AwardIcon = /* @__PURE__ */ lineIcon([circle(12, 9, 6), 'M8.5 14L7 21l5-3 5 3-1.5-7']);
export const MicIcon = /* @__PURE__ */ lineIcon(['M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3z', 'M5 11a7 7 0 0 0 14 0', 'M12 18v3']);

// Account dialogs, user card and anchor studio.
export const CloseIcon = /* @__PURE__ */ lineIcon(['M6 6l12 12', 'M18 6L6 18']);
export const ClearIcon = /* @__PURE__ */ lineIcon([circle(12, 12, 9), 'M9 9l6 6', 'M15 9l-6 6']);
export const EyeIcon = /* @__PURE__ */ lineIcon(['M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', circle(12, 12, 3)]);
export const EyeOffIcon = /* @__PURE__ */ lineIcon([
  'M10.6 5.1A9.9 9.9 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6',
  'M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  'M3 3l18 18',
]);
export const LockIcon = /* @__PURE__ */ lineIcon(['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4', 'M12 15v2']);
export const MessageCodeIcon = /* @__PURE__ */ lineIcon(['M4 5h16v11H9l-5 4z', 'M8 10.5h.01', 'M12 10.5h.01', 'M16 10.5h.01']);
export const CheckCircleIcon = /* @__PURE__ */ lineIcon([circle(12, 12, 9), 'M8 12.5l2.7 2.7L16.5 9.5']);
export const RefreshIcon = /* @__PURE__ */ lineIcon(['M20 11a8 8 0 0 0-14.6-4.5', 'M4 4v4h4', 'M4 13a8 8 0 0 0 14.6 4.5', 'M20 20v-4h-4']);
export const ArrowRightIcon = /* @__PURE__ */ lineIcon(['M5 12h14', 'M13 6l6 6-6 6']);
export const ChevronDownIcon = /* @__PURE__ */ lineIcon(['M6 9l6 6 6-6']);
export const ChevronRightIcon = /* @__PURE__ */ lineIcon(['M9 5l7 7-7 7']);
export const CameraIcon = /* @__PURE__ */ lineIcon(['M4 8h3l2-3h6l2 3h3v12H4z', circle(12, 13.5, 3.5)]);
export const LogoutIcon = /* @__PURE__ */ lineIcon(['M10 4H5v16h5', 'M15 8l4 4-4 4', 'M19 12H9']);
export const GemIcon = /* @__PURE__ */ lineIcon(['M6 4h12l3 5-9 11L3 9z', 'M3 9h18', 'M9 4l3 16 3-16']);
export const DiamondIcon = /* @__PURE__ */ lineIcon(['M12 3l8 9-8 9-8-9z', 'M4 12h16']);
export const ShieldCheckIcon = /* @__PURE__ */ lineIcon(['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4']);
/** 中, drawn: the language switch shows it without asking the browser for a Chinese font (see LanguageSwitch). */
export const ChineseGlyphIcon = /* @__PURE__ */ lineIcon(['M4.5 7.5h15v8h-15z', 'M12 2.5v19']);
