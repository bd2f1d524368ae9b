// Player-name normalisation across the source files, which spell one player several ways:
// "Kylian MBAPPE" (Football.TXT), "Mbappé" or "Kylian Mbappé" (JSON), "BEN ROMDHANE Ali" (squads).

function stripAccents(value: string): string {
  return value.normalize('NFD').replace(/\p{Mn}/gu, '');
}

/** German umlauts are written out in the text files (GUENDOGAN) and kept in the JSON (Gündogan). */
function foldUmlauts(value: string): string {
  return value.replace(/ä/gi, 'ae').replace(/ö/gi, 'oe').replace(/ü/gi, 'ue');
}

function tokens(value: string): string[] {
  return stripAccents(value)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** Accent-, case-, punctuation- and order-insensitive key: "BEN ROMDHANE Ali" and "Ali Ben Romdhane" agree. */
export function nameKey(name: string): string {
  return tokens(name).sort().join(' ');
}

const lowerParticles = new Set(['van', 'de', 'der', 'den']);

function capitalise(word: string): string {
  // Keep inner capitals of mixed-case words (McKENNIE → McKennie) by lower-casing only after them.
  if (/[a-z]/.test(word) && /[A-Z]/.test(word.slice(1))) {
    const firstLower = word.search(/[a-z]/);
    const capitalAfter = word.slice(firstLower).search(/[A-Z]/);
    const keep = firstLower + capitalAfter + 1;
    return word.slice(0, keep) + word.slice(keep).toLowerCase();
  }
  if (word !== word.toUpperCase()) return word;
  return word
    .toLowerCase()
    .replace(/(^|[-'’])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase());
}

/**
 * "Kylian MBAPPE" → "Kylian Mbappe"; "Virgil VAN DIJK" → "Virgil van Dijk" for Dutch players.
 * Football.TXT writes surnames in capitals; the site shows them in the usual case.
 */
export function displayName(sourceName: string, options: { dutch?: boolean } = {}): string {
  const words = sourceName.trim().split(/\s+/);
  return words
    .map((word, index) => {
      const cased = capitalise(word);
      return options.dutch && index > 0 && lowerParticles.has(cased.toLowerCase()) ? cased.toLowerCase() : cased;
    })
    .join(' ');
}

/**
 * Restores accents the text files drop, from a spelling that has them:
 * ("Kylian Mbappe", "Mbappé") → "Kylian Mbappé"; words that do not correspond stay as they are.
 */
export function restoreAccents(plain: string, accented: string): string {
  const byFold = new Map<string, string>();
  for (const word of accented.split(/\s+/)) {
    const clean = word.replace(/[.,]$/, '');
    if (stripAccents(clean) === clean && !/[äöü]/i.test(clean)) continue;
    byFold.set(stripAccents(clean).toLowerCase(), clean);
    byFold.set(foldUmlauts(clean).toLowerCase(), clean);
  }
  return plain
    .split(' ')
    .map((word) => byFold.get(word.toLowerCase()) ?? word)
    .join(' ');
}
