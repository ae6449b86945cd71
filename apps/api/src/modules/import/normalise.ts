// How names are compared when an import resolves artists, labels, festivals, venues and tracks against
// the catalogue: case, accents and punctuation folded; '&', 'and', 'x', 'vs', 'b2b', 'feat.', 'ft.',
// 'with' read as the same join; '(Original Mix)' / '(Extended Mix)' ignored in titles. This is the
// normalisation search uses; where the database has it as a function the queries can use that instead.

// Letters NFKD does not decompose into a base letter plus marks.
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const JOIN_WORDS = /(^|\s)(and|x|vs|b2b|feat|ft|featuring|with)(?=\s|$)/g;

/** The comparison key of a name: 'Bicep & Hammer', 'bicep and HAMMER', 'Bicep x Hammer' → 'bicep & hammer'. */
export function normaliseName(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDS[c] ?? c);
  return folded
    .replace(/[&+]/g, ' & ')
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .replace(JOIN_WORDS, '$1&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The comparison key of a title: a name key without '(Original Mix)' or '(Extended Mix)'. */
export function normaliseTitle(title: string): string {
  return normaliseName(title.replace(/[([]\s*(original|extended)\s+mix\s*[)\]]/gi, ' '));
}
