import { notFound } from 'next/navigation';

/**
 * An address no route knows answers 404 with links onward (not-found.tsx beside this file), where spec §2.1 sends it to
 * /home: a silent redirect leaves people wondering and has crawlers index the home page under a broken address.
 */
export default function UnknownPath(): never {
  notFound();
}
