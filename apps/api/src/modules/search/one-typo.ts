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

/** `b` is a one-typo spelling of `a` (cd_one_typo). */
export function isOneTypo(a: string, b: string): boolean {
  if (a === b) return false;
  const x = [...a];
  const y = [...b];
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
