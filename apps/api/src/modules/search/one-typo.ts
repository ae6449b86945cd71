// One-typo spellings in memory, by the same rule as the SQL (cd_one_typo, docs/search.md "Ranking"):
// a catalogue word of five letters or more is a spelling of a query word when one letter is wrong,
// missing or extra, or two letters are swapped (two edits that only reorder the same letters). The
// candidates are the words sharing the query word's first two or last two letters, within one letter
// of its length (one typo leaves one of those pairs intact), at most CORRECTIONS_MAX, first by
// dictionary order. Letters are code points, as PostgreSQL counts characters.
import { SEARCH_FUZZY_MIN_LETTERS } from '@cratedig/contract/search';

/** One-typo spellings given per query word. */
export const CORRECTIONS_MAX = 5;

/** Levenshtein distance between two words' letters. */
function distance(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, substitution);
    }
    previous = row;
  }
  return previous[b.length] as number;
}

/** Letters outside the Basic Multilingual Plane take two UTF-16 units: such words are compared by code point. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * `b` is a one-typo spelling of `a` (cd_one_typo). Most candidates are far from the word, so the
 * common cases are decided without the distance table: one letter more or less is one deletion or
 * not; at the same length, one letter differing is a typo, two are one when they are swapped, and
 * words of different letters are no typo of each other.
 */
export function isOneTypo(a: string, b: string): boolean {
  if (a === b) return false;
  if (SURROGATE.test(a) || SURROGATE.test(b)) return isOneTypoByLetters([...a], [...b]);
  if (a.length === b.length) {
    let first = -1;
    let second = -1;
    let more = false;
    for (let i = 0; i < a.length; i++)
      if (a.charCodeAt(i) !== b.charCodeAt(i)) {
        if (first < 0) first = i;
        else if (second < 0) second = i;
        else {
          more = true;
          break;
        }
      }
    if (second < 0) return true;
    if (!more) return a[first] === b[second] && a[second] === b[first];
    // three letters or more differ: a typo only as a block moved by one letter, with the same letters
    if (!sameLetters(a, b)) return false;
  } else if (Math.abs(a.length - b.length) === 1) {
    return oneDeletion(a.length > b.length ? a : b, a.length > b.length ? b : a);
  }
  return isOneTypoByLetters([...a], [...b]);
}

/** `short` is `long` with one letter taken out. */
function oneDeletion(long: string, short: string): boolean {
  let i = 0;
  while (i < short.length && long.charCodeAt(i) === short.charCodeAt(i)) i++;
  for (let j = i; j < short.length; j++) if (long.charCodeAt(j + 1) !== short.charCodeAt(j)) return false;
  return true;
}

/** The two words (of one length) are made of the same letters. */
function sameLetters(a: string, b: string): boolean {
  const counts = new Map<number, number>();
  for (let i = 0; i < a.length; i++) counts.set(a.charCodeAt(i), (counts.get(a.charCodeAt(i)) ?? 0) + 1);
  for (let i = 0; i < b.length; i++) {
    const n = counts.get(b.charCodeAt(i)) ?? 0;
    if (n === 0) return false;
    counts.set(b.charCodeAt(i), n - 1);
  }
  return true;
}

/** isOneTypo by the distance table over the words' letters (code points). */
function isOneTypoByLetters(x: string[], y: string[]): boolean {
  if (Math.abs(x.length - y.length) > 1) return false;
  const d = distance(x, y);
  if (d <= 1) return true;
  return x.length === y.length && d === 2 && [...x].sort().join('') === [...y].sort().join('');
}

/** The catalogue's words of five letters or more, found by their first and last two letters. */
export class TypoCandidates {
  private readonly byEnds = new Map<string, string[]>();

  private static key(end: 'first' | 'last', pair: string, length: number): string {
    return `${end}\u0000${pair}\u0000${length}`;
  }

  add(word: string): void {
    const letters = [...word];
    if (letters.length < SEARCH_FUZZY_MIN_LETTERS) return;
    const n = letters.length;
    for (const key of [
      TypoCandidates.key('first', letters.slice(0, 2).join(''), n),
      TypoCandidates.key('last', letters.slice(-2).join(''), n),
    ]) {
      const list = this.byEnds.get(key);
      if (list) list.push(word);
      else this.byEnds.set(key, [word]);
    }
  }

  /** Up to CORRECTIONS_MAX one-typo spellings of `word` among the catalogue's words, in order. */
  spellings(word: string): string[] {
    const letters = [...word];
    const first = letters.slice(0, 2).join('');
    const last = letters.slice(-2).join('');
    const found = new Set<string>();
    for (let n = letters.length - 1; n <= letters.length + 1; n++) {
      for (const key of [TypoCandidates.key('first', first, n), TypoCandidates.key('last', last, n)])
        for (const candidate of this.byEnds.get(key) ?? [])
          if (isOneTypo(word, candidate)) found.add(candidate);
    }
    return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, CORRECTIONS_MAX);
  }
}
