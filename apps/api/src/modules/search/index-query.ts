// A search section answered from the index in memory (word-index.ts), by the rules of docs/search.md
// "Ranking": a document matches when every query word starts one of its words (or, for a word the
// catalogue lacks, one of its one-typo spellings is a whole word of it); its rank is 0 when its name
// is the query, 1 when its name starts with the query, 2 when every word matched as typed, else 3.
// Within a rank the documents holding the query words as one phrase come first when the section has
// at most CANDIDATES_MAX matches (beyond that, as the database's plan for frequent words does, the
// rank is read in popularity order only); then ranking order (popularity, name, id). The total
// counts at most SEARCH_RESULTS_MAX.
//
// Reads are bounded: the names starting with the query are found through the leads lists; the other
// matches through the postings of the query word whose words are held by the fewest documents
// (every match holds one of them), in ordinal order where few lists make that cheap, so the reading
// stops once the page and the capped total are known; a short prefix whose words are too many to
// merge scans the documents in ordinal order, which matches come early in.
import { SEARCH_RESULTS_MAX } from '@cratedig/contract/search';
import { type KindIndex, numberOfWord, wordsStartingWith } from './word-index';

/** Sections with at most this many matches put the query's phrase first within a rank. */
export const CANDIDATES_MAX = 4000;
/** A driving word whose documents number at most this many is read whole, in any order. */
const READ_WHOLE_MAX = 20000;
/** At most this many posting lists are merged in ordinal order; more are scanned by ordinal. */
const MERGE_LISTS_MAX = 16;

/** What a query asks of one kind: per word its run of dictionary numbers, exact number, spellings. */
interface KindQuery {
  index: KindIndex;
  m: number;
  lo: number[];
  hi: number[];
  exact: number[];
  spellings: number[][];
}

export interface IndexHit {
  rank: 0 | 1 | 2 | 3;
  id: number;
}

export interface IndexSection {
  total: number;
  hits: IndexHit[];
}

function kindQuery(index: KindIndex, words: string[], corrections: Map<string, string[]>): KindQuery {
  const q: KindQuery = { index, m: words.length, lo: [], hi: [], exact: [], spellings: [] };
  for (const w of words) {
    const [lo, hi] = wordsStartingWith(index.words, w);
    q.lo.push(lo);
    q.hi.push(hi);
    q.exact.push(lo < hi && index.words[lo] === w ? lo : -1);
    q.spellings.push(
      (corrections.get(w) ?? []).map((c) => numberOfWord(index.words, c)).filter((n) => n >= 0),
    );
  }
  return q;
}

/** 2 when every word starts a body word, 3 when some matched only by a spelling, -1: no match. */
function matchOf(q: KindQuery, o: number): number {
  const { bodyStart, body } = q.index;
  const s = bodyStart[o] as number;
  const e = bodyStart[o + 1] as number;
  let result = 2;
  for (let i = 0; i < q.m; i++) {
    const lo = q.lo[i] as number;
    const hi = q.hi[i] as number;
    let typed = false;
    for (let p = s; p < e; p++) {
      const b = body[p] as number;
      if (b >= lo && b < hi) {
        typed = true;
        break;
      }
    }
    if (typed) continue;
    const spellings = q.spellings[i] as number[];
    let spelled = false;
    if (spellings.length > 0)
      for (let p = s; p < e && !spelled; p++) spelled = spellings.includes(body[p] as number);
    if (!spelled) return -1;
    result = 3;
  }
  return result;
}

/** 0: the name is the query; 1: the name starts with it; -1: neither. */
function nameRank(q: KindQuery, o: number): number {
  const { nameStart, name } = q.index;
  const s = nameStart[o] as number;
  const k = (nameStart[o + 1] as number) - s;
  if (k < q.m) return -1;
  for (let i = 0; i < q.m - 1; i++) if (name[s + i] !== q.exact[i]) return -1;
  const last = name[s + q.m - 1] as number;
  if (last < (q.lo[q.m - 1] as number) || last >= (q.hi[q.m - 1] as number)) return -1;
  return k === q.m && last === q.exact[q.m - 1] ? 0 : 1;
}

/** 0 when the body holds the query's words as one phrase (the last one as a word start), else 1. */
function phraseSub(q: KindQuery, o: number): number {
  if (q.m < 2) return 0;
  const { bodyStart, body } = q.index;
  const s = bodyStart[o] as number;
  const e = bodyStart[o + 1] as number;
  const lo = q.lo[q.m - 1] as number;
  const hi = q.hi[q.m - 1] as number;
  outer: for (let p = s; p + q.m <= e; p++) {
    for (let i = 0; i < q.m - 1; i++) if (body[p + i] !== q.exact[i]) continue outer;
    const last = body[p + q.m - 1] as number;
    if (last >= lo && last < hi) return 0;
  }
  return 1;
}

/** Keeps the `keep` smallest ordinals pushed to it. */
class Smallest {
  private list: number[] = [];
  count = 0;

  constructor(private readonly keep: number) {}

  push(o: number): void {
    this.count++;
    this.list.push(o);
    if (this.list.length >= this.keep * 2 + 64) this.trim();
  }

  private trim(): void {
    this.list.sort((a, b) => a - b);
    this.list.length = Math.min(this.list.length, this.keep);
  }

  sorted(): number[] {
    this.trim();
    return this.list;
  }
}

/** Matches of a section, by rank (0–3) and phrase (0 first), each kept up to the page's depth. */
class Buckets {
  readonly all: Smallest[];
  constructor(depth: number) {
    this.all = Array.from({ length: 8 }, () => new Smallest(depth));
  }
  add(rank: number, sub: number, o: number): void {
    (this.all[rank * 2 + sub] as Smallest).push(o);
  }
  /** Matches of ranks 2 and 3 kept so far. */
  wordMatches(): number {
    return this.all.slice(4).reduce((n, b) => n + b.count, 0);
  }
}

/** Visits the ordinals of a slice of a posting array in order (a merge of the lists of `words`). */
function merged(start: Uint32Array, list: Uint32Array, words: number[]): () => number {
  const at = words.map((w) => start[w] as number);
  const end = words.map((w) => start[w + 1] as number);
  return () => {
    let best = -1;
    let min = Number.POSITIVE_INFINITY;
    for (let k = 0; k < at.length; k++) {
      const p = at[k] as number;
      if (p < (end[k] as number) && (list[p] as number) < min) {
        min = list[p] as number;
        best = k;
      }
    }
    if (best < 0) return -1;
    for (let k = 0; k < at.length; k++)
      if ((at[k] as number) < (end[k] as number) && list[at[k] as number] === min)
        at[k] = (at[k] as number) + 1;
    return min;
  };
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo }, (_, i) => lo + i);

/** One section's page (ids and ranks) and total, for a query of normalised `words`. */
export function searchIndexSection(
  index: KindIndex,
  words: string[],
  corrections: Map<string, string[]>,
  limit: number,
  offset: number,
): IndexSection {
  if (words.length === 0) return { total: 0, hits: [] };
  const q = kindQuery(index, words, corrections);
  const { postStart, post, leadStart, lead } = index;
  // documents holding each word's words (an upper bound of its matches); the fewest drive the reading
  const held = q.lo.map((lo, i) => {
    const hi = q.hi[i] as number;
    const spelt = (q.spellings[i] as number[]).reduce(
      (n, w) => n + (postStart[w + 1] as number) - (postStart[w] as number),
      0,
    );
    return (postStart[hi] as number) - (postStart[lo] as number) + spelt;
  });
  const driver = held.indexOf(Math.min(...held));
  if ((held[driver] as number) === 0) return { total: 0, hits: [] };
  const depth = offset + limit;
  const buckets = new Buckets(depth);

  // names that are or start with the query: the leads of its first word (its run, for one word)
  const leadWords =
    q.m === 1
      ? range(q.lo[0] as number, q.hi[0] as number)
      : (q.exact[0] as number) >= 0
        ? [q.exact[0] as number]
        : [];
  for (const w of leadWords)
    for (let p = leadStart[w] as number; p < (leadStart[w + 1] as number); p++) {
      const o = lead[p] as number;
      const rank = nameRank(q, o);
      if (rank >= 0 && matchOf(q, o) >= 0) buckets.add(rank, phraseSub(q, o), o);
    }
  const named = buckets.all.slice(0, 4).reduce((n, b) => n + b.count, 0);

  // every other match, from the driving word's documents
  const visit = (o: number) => {
    if (nameRank(q, o) >= 0) return;
    const match = matchOf(q, o);
    if (match >= 0) buckets.add(match, phraseSub(q, o), o);
  };
  const total = () => named + buckets.wordMatches();
  const listWords = [
    ...range(q.lo[driver] as number, q.hi[driver] as number),
    ...(q.spellings[driver] as number[]),
  ];
  const known = () => {
    const need = depth - Math.min(named, depth);
    const settled = q.m < 2 || total() > CANDIDATES_MAX;
    const typed = (buckets.all[4] as Smallest).count + (buckets.all[5] as Smallest).count;
    return settled && total() >= SEARCH_RESULTS_MAX && typed >= need;
  };
  if ((held[driver] as number) <= READ_WHOLE_MAX) {
    readWhole(index, listWords, visit);
  } else if (listWords.length <= MERGE_LISTS_MAX) {
    const next = merged(postStart, post, listWords);
    for (let o = next(); o >= 0; o = next()) {
      visit(o);
      if (known()) break;
    }
  } else {
    for (let o = 0; o < index.size; o++) {
      visit(o);
      if (known()) break;
    }
  }
  return {
    total: Math.min(total(), SEARCH_RESULTS_MAX),
    hits: pageOf(index, buckets, total(), q.m, depth, offset),
  };
}

/** Scratch marks of visited ordinals, one array per index size (requests run one at a time here). */
let marks = new Uint32Array(0);
let mark = 0;

/** Visits each document holding one of `words` once, in no particular order. */
function readWhole(index: KindIndex, words: number[], visit: (o: number) => void): void {
  if (marks.length < index.size) {
    marks = new Uint32Array(index.size);
    mark = 0;
  }
  mark++;
  if (mark === 0xffffffff) {
    marks.fill(0);
    mark = 1;
  }
  const { postStart, post } = index;
  for (const w of words)
    for (let p = postStart[w] as number; p < (postStart[w + 1] as number); p++) {
      const o = post[p] as number;
      if (marks[o] === mark) continue;
      marks[o] = mark;
      visit(o);
    }
}

/** The page: ranks in order; within each, phrase first when the matches are few, then ordinal order. */
function pageOf(
  index: KindIndex,
  buckets: Buckets,
  total: number,
  m: number,
  depth: number,
  offset: number,
): IndexHit[] {
  const phraseFirst = m > 1 && total <= CANDIDATES_MAX;
  const hits: IndexHit[] = [];
  for (let rank = 0; rank < 4 && hits.length < depth; rank++) {
    const a = (buckets.all[rank * 2] as Smallest).sorted();
    const b = (buckets.all[rank * 2 + 1] as Smallest).sorted();
    const ordinals = phraseFirst ? [...a, ...b] : [...a, ...b].sort((x, y) => x - y);
    for (const o of ordinals) {
      if (hits.length >= depth) break;
      hits.push({ rank: rank as IndexHit['rank'], id: index.ids[o] as number });
    }
  }
  return hits.slice(offset);
}
