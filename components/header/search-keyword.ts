// The header search rule (spec §5, §9): a keyword of 1 to 10 characters after trimming.
export const searchKeywordMaxLength = 10;

export type KeywordCheck = { ok: true; keyword: string } | { ok: false; reason: 'empty' | 'tooLong' };

export function checkSearchKeyword(raw: string): KeywordCheck {
  const keyword = raw.trim();
  if (keyword.length === 0) return { ok: false, reason: 'empty' };
  // Count characters as people see them: an emoji or a Chinese character is one.
  if ([...keyword].length > searchKeywordMaxLength) return { ok: false, reason: 'tooLong' };
  return { ok: true, keyword };
}

export function searchResultsHref(keyword: string): string {
  return `/keysearch?keyword=${encodeURIComponent(keyword)}`;
}
