// Line icons of the account dialogs and the user card, drawn like the shell's (24×24, stroke = currentColor).
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

export const CloseIcon = lineIcon(['M6 6l12 12', 'M18 6L6 18']);
export const ClearIcon = lineIcon([circle(12, 12, 9), 'M9 9l6 6', 'M15 9l-6 6']);
export const EyeIcon = lineIcon(['M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', circle(12, 12, 3)]);
export const EyeOffIcon = lineIcon([
  'M10.6 5.1A9.9 9.9 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.7 3.6',
  'M6.6 6.6A17.3 17.3 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  'M3 3l18 18',
]);
export const LockIcon = lineIcon(['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4', 'M12 15v2']);
export const MessageCodeIcon = lineIcon(['M4 5h16v11H9l-5 4z', 'M8 10.5h.01', 'M12 10.5h.01', 'M16 10.5h.01']);
export const CheckCircleIcon = lineIcon([circle(12, 12, 9), 'M8 12.5l2.7 2.7L16.5 9.5']);
export const RefreshIcon = lineIcon(['M20 11a8 8 0 0 0-14.6-4.5', 'M4 4v4h4', 'M4 13a8 8 0 0 0 14.6 4.5', 'M20 20v-4h-4']);
export const ArrowRightIcon = lineIcon(['M5 12h14', 'M13 6l6 6-6 6']);
export const ChevronDownIcon = lineIcon(['M6 9l6 6 6-6']);
export const ChevronRightIcon = lineIcon(['M9 5l7 7-7 7']);
export const CameraIcon = lineIcon(['M4 8h3l2-3h6l2 3h3v12H4z', circle(12, 13.5, 3.5)]);
export const LogoutIcon = lineIcon(['M10 4H5v16h5', 'M15 8l4 4-4 4', 'M19 12H9']);
export const GemIcon = lineIcon(['M6 4h12l3 5-9 11L3 9z', 'M3 9h18', 'M9 4l3 16 3-16']);
export const DiamondIcon = lineIcon(['M12 3l8 9-8 9-8-9z', 'M4 12h16']);
export const ShieldCheckIcon = lineIcon(['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4']);
export const PuzzleIcon = lineIcon(['M5 8h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4H5z']);
