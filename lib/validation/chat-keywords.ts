// A brand's blocked chat words (docs/realtime.md "Keyword lists"): the console edits them one word or phrase per
// line, folded the way the chat rules compare them, and the same matcher judges a chat line on the server and
// tries one out in the console's editor. Matching is on the folded text (full-width forms, case), with the usual
// disguises closed up (s.p.a.m, 微 信 号); a word written in letters or digits matches as a whole word, so "ass"
// never blocks "class", while a Chinese word matches anywhere in the line.
import { z } from 'zod';

/** Longest word and most words a brand's list holds: enough for real lists, small enough to check every line. */
export const keywordMaxLength = 40;
export const keywordListMax = 1000;

/**
 * How a word is stored and compared: NFKC (full-width to plain), control and invisible format characters (NUL,
 * zero-width joiners) as spaces, lower case, inner whitespace as one space.
 */
export function foldKeyword(word: string): string {
  return word.normalize('NFKC').replace(/[\p{Cc}\p{Cf}]/gu, ' ').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** A list as an operator typed it (one word per line): folded, without blanks and repeats, in the order given. */
export function parseKeywordList(text: string): string[] {
  return [...new Set(text.split(/\r?\n/u).map(foldKeyword).filter((word) => word !== ''))];
}

// Single letters or Han characters spaced or dotted apart ("s p a m", "s.p.a.m", "微 信") close up; ordinary words
// separated by spaces stay as they are.
const spacedLetters = /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}][\s._*·-]+){2,}[\p{L}\p{N}](?![\p{L}\p{N}])/gu;
const spacedHan = /(?<=\p{Script=Han})[\s._*·-]+(?=\p{Script=Han})/gu;

function views(text: string): string[] {
  const folded = foldKeyword(text);
  const closed = folded.replace(spacedLetters, (run) => run.replace(/[\s._*·-]+/gu, '')).replace(spacedHan, '');
  return closed === folded ? [folded] : [folded, closed];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const compiled = new WeakMap<readonly string[], RegExp | null>();

/** One pattern for the whole list, built once per list (the list object is replaced when it changes). */
function matcherOf(words: readonly string[]): RegExp | null {
  const known = compiled.get(words);
  if (known !== undefined) return known;
  const parts = words
    .filter((word) => word !== '')
    .map((word) => {
      const body = escape(word);
      // Letters or digits at an end need a boundary there; a Han character or a symbol does not.
      const start = /^[\p{L}\p{N}]/u.test(word) && !/^\p{Script=Han}/u.test(word) ? '(?<![\\p{L}\\p{N}])' : '';
      const end = /[\p{L}\p{N}]$/u.test(word) && !/\p{Script=Han}$/u.test(word) ? '(?![\\p{L}\\p{N}])' : '';
      return `${start}${body}${end}`;
    });
  const pattern = parts.length ? new RegExp(parts.join('|'), 'u') : null;
  compiled.set(words, pattern);
  return pattern;
}

/** The blocked word a line contains, as the list has it, or undefined. `words` are folded (foldKeyword). */
export function findKeyword(text: string, words: readonly string[]): string | undefined {
  const pattern = matcherOf(words);
  if (!pattern) return undefined;
  for (const view of views(text)) {
    const match = pattern.exec(view);
    if (match) return match[0];
  }
  return undefined;
}

/** POST /api/admin/saveChatKeywords: the whole list of the console's brand; an empty one blocks nothing. */
export const chatKeywordsSaveInput = z.object({
  words: z
    .string('admin.errors.keywordsInvalid')
    .max(keywordListMax * (keywordMaxLength + 2), 'admin.errors.tooManyKeywords')
    .transform(parseKeywordList)
    .pipe(
      z
        .array(z.string().max(keywordMaxLength, 'admin.errors.keywordTooLong'))
        .max(keywordListMax, 'admin.errors.tooManyKeywords'),
    ),
});

/** The console's keyword page. */
export type ChatKeywordList = { brandId: string; words: string[]; updatedAt: string | null };
