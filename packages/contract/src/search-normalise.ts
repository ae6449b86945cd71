// The one normalisation of names for search and matching (docs/search.md). The database applies
// the same rules in the SQL function cd_normalise_name(text) (migration 0008_search.sql), which is what
// the stored search documents and the import's name matching use; this copy serves the API's query
// handling and the web client's highlighting. The rules, in order:
//   1. accents folded (é → e, ø → o, ß → ss, ı → i ...), then lower case;
//   2. '(Original Mix)' and '(Extended Mix)' (round or square brackets) removed;
//   3. apostrophes removed ("Don't" → "dont");
//   4. every other ASCII non-alphanumeric and the Unicode punctuation blocks (U+0080–U+00BF, ×, ÷,
//      U+2000–U+206F, U+3000–U+303F) read as a space;
//   5. the join words dropped: '&', 'and', 'x', 'vs', 'vs.', 'b2b', 'feat', 'feat.', 'ft.', 'with'
//      are one join, so "Sable & Kite", "Sable and Kite" and "Sable x Kite" all read "sable kite";
//   6. words separated by one space.

/** After punctuation folding, these words are joins between names and are dropped. */
export const JOIN_WORDS: ReadonlySet<string> = new Set(['and', 'x', 'vs', 'b2b', 'feat', 'ft', 'with']);

// Letters unaccent folds that Unicode decomposition leaves alone.
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  þ: 'th',
  Þ: 'TH',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
};

const APOSTROPHE = /['\u2019\u2018`\u00b4]/;
const SEPARATOR = /[^a-z0-9\u0080-\uffff]|[\u0080-\u00bf\u00d7\u00f7\u2000-\u206f\u3000-\u303f]/;
const MIX_SUFFIX = /[([]\s*(original|extended)\s+mix\s*[)\]]/g;

/** One character folded: accents off, lower case, apostrophes gone ('' for them). */
function foldChar(ch: string): string {
  // ASCII, nearly every character of a name: only A–Z change, and ' and ` go (decomposing and the
  // regular expressions below leave every other ASCII character as it is, at many times the cost)
  const code = ch.charCodeAt(0);
  if (code < 0x80 && ch.length === 1) {
    if (code === 0x27 || code === 0x60) return '';
    return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 0x20) : ch;
  }
  if (APOSTROPHE.test(ch)) return '';
  const folded = FOLDS[ch] ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return folded.toLowerCase();
}

function fold(text: string): string {
  let out = '';
  for (const ch of text) out += foldChar(ch);
  return out;
}

/** The normalised form of a name or a query (rules at the top of this file). */
export function normaliseName(text: string): string {
  return normalisedWords(text).join(' ');
}

/** The words of the normalised form. */
export function normalisedWords(text: string): string[] {
  const folded = fold(text).replace(MIX_SUFFIX, ' ');
  const words: string[] = [];
  let word = '';
  for (const ch of folded) {
    if (SEPARATOR.test(ch)) {
      if (word) words.push(word);
      word = '';
    } else word += ch;
  }
  if (word) words.push(word);
  return words.filter((w) => !JOIN_WORDS.has(w));
}

/** Whether every character of a folded character reads as a space. */
function separatorsOnly(folded: string): boolean {
  if (folded.length === 1) {
    const code = folded.charCodeAt(0);
    // ASCII: anything but a–z and 0–9 (SEPARATOR's first part; its second is beyond ASCII)
    if (code < 0x80) return !((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39));
  }
  return [...folded].every((c) => SEPARATOR.test(c));
}

/** `[start, end)` in UTF-16 code units of the original text. */
export type TextRange = [number, number];

/**
 * Where `words` (normalised query words, or the corrected spellings a search answered with) match the
 * start of a word of `text`, as ranges of the original text, for highlighting. A query word matches a
 * text word when the text word's normalised form starts with it; the range covers the characters that
 * fold into the matched letters ("theo" highlights "Théo" whole; "mar" the "Mar" of "Marchetti").
 */
export function highlightRanges(text: string, words: readonly string[]): TextRange[] {
  const wanted = words.filter((w) => w.length > 0);
  if (wanted.length === 0) return [];
  const ranges: TextRange[] = [];
  // Original words: runs of characters that do not fold to a separator.
  const pieces: { start: number; chars: { at: number; size: number; folded: string }[] }[] = [];
  let current: (typeof pieces)[number] | undefined;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    const folded = foldChar(ch);
    const isSeparator = folded.length > 0 && separatorsOnly(folded);
    if (isSeparator) current = undefined;
    else {
      if (!current) {
        current = { start: i, chars: [] };
        pieces.push(current);
      }
      current.chars.push({ at: i, size: ch.length, folded });
    }
    i += ch.length;
  }
  for (const piece of pieces) {
    const normal = piece.chars.map((c) => c.folded).join('');
    const best = wanted.filter((w) => normal.startsWith(w)).sort((a, b) => b.length - a.length)[0];
    if (!best) continue;
    let length = 0;
    let end = piece.start;
    for (const c of piece.chars) {
      if (length >= best.length) break;
      length += c.folded.length;
      end = c.at + c.size;
    }
    ranges.push([piece.start, end]);
  }
  return ranges;
}
