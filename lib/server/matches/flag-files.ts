import 'server-only';
// The flag SVGs of the flag-icons package, read from node_modules once each and kept in memory (a few hundred bytes
// to a few tens of kB each, about 270 files at most).
import fs from 'node:fs/promises';
import path from 'node:path';
import { flagFileOf } from './nation-flags';

const flagsDir = path.join(process.cwd(), 'node_modules', 'flag-icons', 'flags', '1x1');
const read = new Map<string, Promise<Buffer>>();

/** A flag's SVG by its URL file name ("nl.svg"), or null when it is not one of ours. */
export function readFlagSvg(name: string): Promise<Buffer> | null {
  const file = flagFileOf(name);
  if (!file) return null;
  let svg = read.get(file);
  if (!svg) {
    svg = fs.readFile(path.join(flagsDir, `${file}.svg`));
    read.set(file, svg);
    svg.catch(() => read.delete(file));
  }
  return svg;
}

/** A month: the package's flags change only with its version, and a week-old flag is still right. */
export const flagCacheControl = 'public, max-age=2592000, stale-while-revalidate=86400';
