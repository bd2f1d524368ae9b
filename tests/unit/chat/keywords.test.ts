// The brand's blocked chat words (lib/validation/chat-keywords.ts): how a list is folded, what matches (whole words
// for letters, anywhere for Chinese, through case, full-width forms and spacing), and the console's input limits.
import fc from 'fast-check';
import { chatKeywordsSaveInput, findKeyword, foldKeyword, keywordListMax, parseKeywordList } from '@/lib/validation/chat-keywords';

describe('a keyword list', () => {
  it('is folded, without blanks and repeats, in the order typed', () => {
    expect(parseKeywordList('Scalper\n\n  ＴＩＰＳ  for   sale \r\nscalper\n代购\n')).toEqual(['scalper', 'tips for sale', '代购']);
  });

  it('refuses a word over 40 characters and more than 1,000 words, and takes an empty list', () => {
    expect(chatKeywordsSaveInput.safeParse({ words: 'x'.repeat(41) }).error?.issues[0].message).toBe('admin.errors.keywordTooLong');
    const many = Array.from({ length: keywordListMax + 1 }, (_, index) => `word${index}`).join('\n');
    expect(chatKeywordsSaveInput.safeParse({ words: many }).error?.issues[0].message).toBe('admin.errors.tooManyKeywords');
    expect(chatKeywordsSaveInput.parse({ words: '' })).toEqual({ words: [] });
    expect(chatKeywordsSaveInput.safeParse({ words: 42 }).error?.issues[0].message).toBe('admin.errors.keywordsInvalid');
  });
});

describe('findKeyword', () => {
  const words = parseKeywordList('scalper\ntips for sale\n代购\nc++');

  it.each([
    ['ask the SCALPER at gate 3', 'scalper'],
    ['ｓｃａｌｐｅｒ', 'scalper'],
    ['s.c.a.l.p.e.r here', 'scalper'],
    ['s c a l p e r', 'scalper'],
    ['best Tips  for sale today', 'tips for sale'],
    ['球衣代购找我', '代购'],
    ['球衣代 购', '代购'],
    ['i write c++ for fun', 'c++'],
  ])('blocks %j', (line, word) => {
    expect(findKeyword(line, words)).toBe(word);
  });

  it.each(['scalpers everywhere', 'escalperino', 'first class seats', 'tips for salespeople', '萨尔第44分钟点球', ''])('lets %j through', (line) => {
    expect(findKeyword(line, words)).toBeUndefined();
  });

  it('blocks nothing with an empty list, and treats the list’s characters literally', () => {
    expect(findKeyword('anything at all', [])).toBeUndefined();
    expect(findKeyword('a+b', parseKeywordList('.*'))).toBeUndefined();
    expect(findKeyword('then .* happened', parseKeywordList('.*'))).toBe('.*');
  });

  it('finds any listed word of letters however it sits between other words', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{3,12}$/), fc.stringMatching(/^[a-z ]{0,20}$/), fc.stringMatching(/^[a-z ]{0,20}$/), (word, before, after) => {
        expect(findKeyword(`${before} ${word.toUpperCase()} ${after}`, [foldKeyword(word)])).toBe(word);
      }),
    );
  });
});
