// HTTP byte ranges (RFC 9110 §14) for seeking in replays: one range per request, as players send.
export type ByteRange = { start: number; end: number };

/** undefined: serve the whole file; 'unsatisfiable': answer 416; otherwise the inclusive range. */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, other units or garbage: the whole file is a valid answer.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (size === 0) return 'unsatisfiable';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
