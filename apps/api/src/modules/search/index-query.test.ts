// The index in memory answers a section exactly as the ranking rules say (docs/search.md "Ranking"):
// checked against a plain reading of those rules over every document, on a catalogue large and
// repetitive enough that frequent words take the merged and scanned readings that stop early, and
// rare ones the whole reading.
import { SEARCH_RESULTS_MAX } from '@cratedig/contract/search';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES_MAX, type IndexSection, searchIndexSection } from './index-query';
import { isOneTypo, TypoCandidates } from './one-typo';
import { type KindIndex, KindIndexBuilder } from './word-index';

/** A deterministic stream of numbers. */
function numbers(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

const COMMON = ['deep', 'house', 'deeper', 'dub', 'mix', 'remix', 'night', 'nights', 'live', 'love', 'lost'];
/** Twenty words starting with "s": too many lists to merge, so "s" scans by ordinal. */
const MANY = Array.from('abcdefghijklmnopqrst', (c) => `s${c}x`);
const RARE = ['kessa', 'lindqvist', 'marchetti', 'ylonen', 'vantablack', 'quillon', 'ostrava', 'mira'];

interface Doc {
  id: number;
  name: string;
  body: string;
}

/** Documents in ranking order: names of 1–3 words, bodies of the name and 1–6 more words. */
function catalogue(size: number): Doc[] {
  const next = numbers(7);
  const word = () => {
    const pick = next();
    const list = pick < 0.6 ? COMMON : pick < 0.9 ? MANY : RARE;
    return list[Math.floor(next() * list.length)] as string;
  };
  const docs: Doc[] = [];
  for (let i = 0; i < size; i++) {
    const name = Array.from({ length: 1 + Math.floor(next() * 3) }, word).join(' ');
    const more = Array.from({ length: 1 + Math.floor(next() * 6) }, word).join(' ');
    docs.push({ id: 100000 + ((i * 7919) % size), name, body: ` ${name} ${more} ` });
  }
  return docs;
}

const distinctOf = new WeakMap<Doc[], string[][]>();
/** Each document's distinct body words. */
function distinctWords(docs: Doc[]): string[][] {
  let words = distinctOf.get(docs);
  if (!words) {
    words = docs.map((d) => [...new Set(d.body.trim().split(' '))]);
    distinctOf.set(docs, words);
  }
  return words;
}

/** The rules read plainly: every document tested, then sorted; answers any page of the query. */
function reference(docs: Doc[], words: string[], corrections: Map<string, string[]>) {
  const text = words.join(' ');
  const found: { rank: number; sub: number; ordinal: number; id: number }[] = [];
  // per query word, its documents counted once per distinct word of theirs it stands for
  const held = words.map((w) =>
    distinctWords(docs).reduce(
      (n, own) => n + own.filter((b) => b.startsWith(w) || (corrections.get(w) ?? []).includes(b)).length,
      0,
    ),
  );
  docs.forEach((d, ordinal) => {
    const bodyWords = d.body.trim().split(' ');
    let rank = 2;
    for (const w of words) {
      if (bodyWords.some((b) => b.startsWith(w))) continue;
      if ((corrections.get(w) ?? []).some((c) => bodyWords.includes(c))) rank = 3;
      else return;
    }
    if (d.name === text) rank = 0;
    else if (d.name.startsWith(text)) rank = 1;
    const sub = words.length > 1 && !d.body.includes(` ${text}`) ? 1 : 0;
    found.push({ rank, sub, ordinal, id: d.id });
  });
  const phraseFirst = words.length > 1 && Math.min(...held) <= CANDIDATES_MAX;
  found.sort((a, b) => a.rank - b.rank || (phraseFirst ? a.sub - b.sub : 0) || a.ordinal - b.ordinal);
  return (limit: number, offset: number) => ({
    total: Math.min(found.length, SEARCH_RESULTS_MAX),
    hits: found.slice(offset, offset + limit).map((f) => ({ rank: f.rank, id: f.id })),
  });
}

describe('a section read from the index in memory', () => {
  const docs = catalogue(60000);
  let index: KindIndex;
  beforeAll(async () => {
    const builder = new KindIndexBuilder('tracks');
    for (const d of docs) builder.add(d.id, d.name, d.body);
    index = await builder.build();
  });

  const queries = [
    'd',
    'de',
    'dee',
    'deep',
    'deep house',
    'deep hou',
    'house deep',
    'mix',
    'remix',
    'night',
    'n',
    'l',
    'lo',
    'love lost',
    'kessa',
    'kessa lindqvist',
    'lindqvist remix',
    'mira',
    'm',
    'ostrava night',
    'deep house mix',
    'dub dub',
    'vantablack quillon',
    'q',
    'zz',
    'deep zz',
    'live love lost night',
    's',
    'sa',
    'sbx',
    's deep',
    'deep s',
    'sax sbx',
    's s',
  ];

  it('answers the same pages, ranks and totals as the rules read over every document', () => {
    const none = new Map<string, string[]>();
    let compared = 0;
    for (const s of queries) {
      const words = s.split(' ');
      const expected = reference(docs, words, none);
      for (const [limit, offset] of [
        [20, 0],
        [20, 40],
        [2, 0],
        [50, 950],
      ] as const) {
        const got: IndexSection = searchIndexSection(index, words, none, limit, offset);
        expect(got, `${s} ${limit}@${offset}`).toEqual(expected(limit, offset));
        compared++;
      }
    }
    expect(compared).toBe(queries.length * 4);
  });

  it('finds a misspelt word through its one-typo spellings, ranked after the words typed right', () => {
    const corrections = new Map([
      ['lindqvst', ['lindqvist']],
      ['nigth', ['night', 'nights']],
    ]);
    // a misspelt word that drives the reading, and one that is only tested (a frequent one)
    for (const s of ['lindqvst', 'kessa lindqvst', 'deep lindqvst', 'kessa nigth', 'deep nigth', 'nigth']) {
      const words = s.split(' ');
      const got = searchIndexSection(index, words, corrections, 20, 0);
      expect(got.total).toBeGreaterThan(0);
      expect(got).toEqual(reference(docs, words, corrections)(20, 0));
    }
  });

  it('answers nothing for a word no document starts', () => {
    expect(searchIndexSection(index, ['qqq'], new Map(), 20, 0)).toEqual({ total: 0, hits: [] });
    expect(searchIndexSection(index, ['deep', 'qqq'], new Map(), 20, 0)).toEqual({ total: 0, hits: [] });
  });
});

/** The one-typo rule over letters, read plainly: a Levenshtein distance of 1, or 2 by reordering. */
function plainOneTypo(x: string[], y: string[]): boolean {
  if (x.join('') === y.join('')) return false;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++)
      row[j] = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  const d = previous[y.length] as number;
  return d <= 1 || (x.length === y.length && d === 2 && [...x].sort().join('') === [...y].sort().join(''));
}

describe('one-typo spellings', () => {
  it('follows the SQL rule: one letter wrong, missing or extra, or two letters swapped', () => {
    expect(isOneTypo('lindqvst', 'lindqvist')).toBe(true);
    expect(isOneTypo('marhcetti', 'marchetti')).toBe(true);
    expect(isOneTypo('ylonenn', 'ylonen')).toBe(true);
    expect(isOneTypo('ylonen', 'ylonen')).toBe(false);
    expect(isOneTypo('ylnoen', 'yloxen')).toBe(false);
    expect(isOneTypo('kessa', 'kessaaa')).toBe(false);
  });

  it('decides as the rule read plainly (the distance table) over thousands of near and far pairs', () => {
    const next = numbers(3);
    // a few letters, so that pairs are often close; two of them outside plain ASCII, one of them two
    // UTF-16 units long
    const letters = ['a', 'b', 'c', 'd', 'e', 'é', '😀'];
    const pick = () => letters[Math.floor(next() * (next() < 0.9 ? 5 : 7))] as string;
    let typos = 0;
    for (let k = 0; k < 20000; k++) {
      const a = Array.from({ length: 4 + Math.floor(next() * 4) }, pick);
      const b = [...a];
      for (let edits = Math.floor(next() * 3); edits > 0; edits--) {
        const i = Math.floor(next() * b.length);
        const kind = next();
        if (kind < 0.25) b.splice(i, 1);
        else if (kind < 0.5) b.splice(i, 0, 'c');
        else if (kind < 0.75) b[i] = 'a';
        else {
          const j = Math.floor(next() * b.length);
          [b[i], b[j]] = [b[j] as string, b[i] as string];
        }
      }
      // now and then a letter moved a few places on
      if (next() < 0.1)
        b.splice(Math.floor(next() * b.length) + 2, 0, ...b.splice(Math.floor(next() * b.length), 1));
      const expected = plainOneTypo(a, b);
      expect(isOneTypo(a.join(''), b.join('')), `${a.join('')} ${b.join('')}`).toBe(expected);
      if (expected) typos++;
    }
    // both answers are common
    expect(typos).toBeGreaterThan(2000);
    expect(typos).toBeLessThan(18000);
  });

  it('gives at most five, in dictionary order, among words of five letters or more', () => {
    const typos = new TypoCandidates();
    for (const w of ['maker', 'makes', 'maked', 'makea', 'makeb', 'makec', 'make', 'baker', 'taker'])
      typos.add(w);
    expect(typos.spellings('makef')).toEqual(['makea', 'makeb', 'makec', 'maked', 'maker']);
    expect(typos.spellings('aker')).toEqual(['baker', 'maker', 'taker']);
  });
});
