'use client';
// A header link that marks itself as the current page (aria-current), so CSS can highlight it.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { isActivePath } from './header-items';

type NavLinkProps = {
  href: string;
  alsoActiveOn?: readonly string[];
  rootShowsLive: boolean;
  className: string;
  newWindow?: boolean;
  children: ReactNode;
};

export function NavLink({ href, alsoActiveOn, rootShowsLive, className, newWindow, children }: NavLinkProps) {
  const pathname = usePathname() ?? '';
  const active = isActivePath(pathname, { href, alsoActiveOn }, rootShowsLive);
  return (
    <Link
      href={href}
      className={className}
      aria-current={active ? 'page' : undefined}
      target={newWindow ? '_blank' : undefined}
      rel={newWindow ? 'noopener' : undefined}
      prefetch={newWindow ? false : undefined}
    >
      {children}
    </Link>
  );
}
