'use client';
// The header's account corner: the user card for a signed-in visitor, else what the header gave (the login button).
// Decided in the browser from the stored session, so the shared header stays cacheable for everyone.
import type { ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useUserStore } from '@/stores/user-store';

// Signed-out visitors, most of them, never see the card: its code loads only once there is a user.
const UserCard = dynamic(() => import('./user-card').then((module) => module.UserCard), { ssr: false });

export function UserArea({ children }: { children: ReactNode }) {
  const user = useUserStore((state) => state.userInfo);
  return user ? <UserCard user={user} /> : children;
}
