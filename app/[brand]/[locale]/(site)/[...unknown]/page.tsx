import { redirect } from 'next/navigation';

/** Spec §2.1: unknown paths go to /home. */
export default function UnknownPath(): never {
  redirect('/home');
}
