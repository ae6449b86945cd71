// The normalisation every search goes through, as the listener sees it: the same words whatever the
// case, the accents and the punctuation, and highlights over the original characters.
import { describe, expect, it } from 'vitest';
import { highlightRanges, normalisedWords, normaliseName } from './search-normalise';

const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/** The rule spelled out the slow way: decomposed, marks dropped, lower case, apostrophes gone. */
const byTheRule = (ch: string) =>
  /['`]/.test(ch) ? '' : ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

describe('normaliseName', () => {
  it('reads every printable ASCII character by the rule: letters and digits kept in lower case, the rest a space', () => {
    for (const ch of ASCII) {
      const expected = byTheRule(ch);
      const word = /^[a-z0-9]$/.test(expected) ? `a${expected}b` : expected === '' ? 'ab' : 'a b';
      expect([ch, normaliseName(`a${ch}b`)]).toEqual([ch, word]);
    }
  });

  it('folds accents and special letters as the database does', () => {
    expect(normaliseName('Théo Marchetti')).toBe('theo marchetti');
    expect(normaliseName('Straße & Ørsted')).toBe('strasse orsted');
    expect(normaliseName('DON’T STOP (Original Mix)')).toBe('dont stop');
    expect(normalisedWords('Sable x Kite feat. Mira')).toEqual(['sable', 'kite', 'mira']);
  });
});

describe('highlightRanges', () => {
  it('covers the original characters that fold into the matched letters', () => {
    expect(highlightRanges('Théo Marchetti', ['theo', 'mar'])).toEqual([
      [0, 4],
      [5, 8],
    ]);
    expect(highlightRanges("DJ O'Brien", ['obr'])).toEqual([[3, 7]]);
    expect(highlightRanges('HELLO—WORLD', ['world'])).toEqual([[6, 11]]);
    expect(highlightRanges('Ben Klock', ['klo'])).toEqual([[4, 7]]);
  });

  it('marks nothing for words that do not start a word of the text', () => {
    expect(highlightRanges('Ben Klock', ['lock'])).toEqual([]);
    expect(highlightRanges('Ben Klock', [])).toEqual([]);
  });
});
