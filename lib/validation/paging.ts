// The paged lists' inputs, one rule for every area: a page number from 1 (default 1), and a page size from 1 to the
// list's maximum. `message` is the area's message key for a bad page ("quiz.validation.badPage").
import { z } from 'zod';

/** The highest page anyone may ask for: beyond it an offset only costs the database. */
const maxPage = 10_000;

export function pageNumber(message: string) {
  return z.coerce.number(message).int(message).min(1, message).max(maxPage, message).default(1);
}

export function pageSize(message: string, max: number, fallback: number) {
  return z.coerce.number(message).int(message).min(1, message).max(max, message).default(fallback);
}
