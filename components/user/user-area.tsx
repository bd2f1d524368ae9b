'use client';
// The header's account corner: the user card for a signed-in visitor, else what the header gave (the login button).
// Decided in the browser from the stored session, so the shared header stays cacheable for everyone.
import type { ReactNode } from 'react';
import { useUserStore } from '@/stores/user-store';
import { UserCard } from './user-card';

export function UserArea({ children }: { children: ReactNode }) {
  const user = useUserStore((state) => state.userInfo);
  return user ? <UserCard user={user} /> : children;
}
