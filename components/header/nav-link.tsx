'use client';
// A header link that marks itself as the current page (aria-current), so CSS can highlight it.
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
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
  const router = useRouter();
  const active = isActivePath(pathname, { href, alsoActiveOn }, rootShowsLive);
  // The header sits on every page: prefetching all its routes on load costs every visitor main-thread time,
  // so a route is prefetched only when the visitor points at (or tabs to) its link.
  const prefetch = newWindow ? undefined : () => router.prefetch(href);
  return (
    <Link
      href={href}
      className={className}
      aria-current={active ? 'page' : undefined}
      target={newWindow ? '_blank' : undefined}
      rel={newWindow ? 'noopener' : undefined}
      prefetch={false}
      onMouseEnter={prefetch}
      onFocus={prefetch}
    >
      {children}
    </Link>
  );
}
