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
    const corrections = new Map([['lindqvst', ['lindqvist']]]);
    for (const s of ['lindqvst', 'kessa lindqvst', 'deep lindqvst']) {
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

describe('one-typo spellings', () => {
  it('follows the SQL rule: one letter wrong, missing or extra, or two letters swapped', () => {
    expect(isOneTypo('lindqvst', 'lindqvist')).toBe(true);
    expect(isOneTypo('marhcetti', 'marchetti')).toBe(true);
    expect(isOneTypo('ylonenn', 'ylonen')).toBe(true);
    expect(isOneTypo('ylonen', 'ylonen')).toBe(false);
    expect(isOneTypo('ylnoen', 'yloxen')).toBe(false);
    expect(isOneTypo('kessa', 'kessaaa')).toBe(false);
  });

  it('gives at most five, in dictionary order, among words of five letters or more', () => {
    const typos = new TypoCandidates();
    for (const w of ['maker', 'makes', 'maked', 'makea', 'makeb', 'makec', 'make', 'baker', 'taker'])
      typos.add(w);
    expect(typos.spellings('makef')).toEqual(['makea', 'makeb', 'makec', 'maked', 'maker']);
    expect(typos.spellings('aker')).toEqual(['baker', 'maker', 'taker']);
  });
});
