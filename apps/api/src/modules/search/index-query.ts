// A search section answered from the index in memory (word-index.ts), by the rules of docs/search.md
// "Ranking": a document matches when every query word starts one of its words (or, for a word the
// catalogue lacks, one of its one-typo spellings is a whole word of it); its rank is 0 when its name
// is the query, 1 when its name starts with the query, 2 when every word matched as typed, else 3.
// Within a rank, for a query of several words whose rarest word's words are held by at most
// CANDIDATES_MAX documents, the documents holding the query words as one phrase come first (for more,
// as the database's plan for frequent words does, the rank is read in ranking order only); then
// ranking order (popularity, name, id). The total counts at most SEARCH_RESULTS_MAX.
//
// Reads are bounded: the names that are or start with the query are one run of the names in name
// order; the other matches come from the documents of the query word whose words are held by the
// fewest (every match holds one of them), read in ordinal order (index-reads.ts) so the reading stops
// once the page and the capped total are known. A word whose documents are few is read whole.
import { SEARCH_RESULTS_MAX, SEARCH_WORDS_MAX } from '@cratedig/contract/search';
import { type Bits, bitsOf, hasBit, listed, markListed, readListed, readWhole } from './index-reads';
import { firstNameFrom, type KindIndex, numberOfWord, wordsStartingWith } from './word-index';

/** A query whose rarest word's documents are at most this many puts its phrase first within a rank. */
export const CANDIDATES_MAX = 4000;
/** A driving word whose documents number at most this many is read whole, every match ranked. */
const READ_WHOLE_MAX = 2000;

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

/**
 * The match of every document listed under a one-word query's words, when it is known without reading
 * the document: 2 when the word has no spellings (it is typed as it is in the catalogue), 3 when no
 * catalogue word starts with it (it matches through its spellings only); else -1.
 */
function listedMatch(q: KindQuery): number {
  if (q.m !== 1) return -1;
  if ((q.spellings[0] as number[]).length === 0) return 2;
  return (q.lo[0] as number) < (q.hi[0] as number) ? -1 : 3;
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
  /** Once `keep` are kept, an ordinal not below this one cannot be among the smallest. */
  private bound = Number.POSITIVE_INFINITY;
  count = 0;

  constructor(private readonly keep: number) {}

  push(o: number): void {
    this.count++;
    if (o >= this.bound) return;
    this.list.push(o);
    if (this.list.length >= this.keep * 2 + 64) this.trim();
  }

  private trim(): void {
    this.list.sort((a, b) => a - b);
    this.list.length = Math.min(this.list.length, this.keep);
    if (this.list.length === this.keep && this.keep > 0) this.bound = this.list[this.keep - 1] as number;
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
}

/** The most documents any one of `words` is listed for. */
function largest(start: Uint32Array, words: number[]): number {
  let most = 0;
  for (const w of words) most = Math.max(most, (start[w + 1] as number) - (start[w] as number));
  return most;
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo }, (_, i) => lo + i);

/**
 * A word's documents are marked in a bit set when they are at most this many times the driving
 * word's: marking reads the postings in order (a few nanoseconds each), where testing a visited
 * document's words costs cache misses (tens of nanoseconds).
 */
const MARK_FACTOR = 8;

/**
 * A test every match passes, for the query words other than the driving one whose documents are
 * few enough to mark (MARK_FACTOR): a visited document none of whose words a marked query word
 * starts (or is one of its spellings) is passed over without reading its words. matchOf still ranks
 * the documents that pass. Undefined when no word is marked.
 */
function othersMarked(
  q: KindQuery,
  held: number[],
  driver: number,
  visits: number,
): ((o: number) => boolean) | undefined {
  const { size, postStart, post } = q.index;
  const sets: Bits[] = [];
  for (let i = 0; i < q.m; i++) {
    if (i === driver || (held[i] as number) > MARK_FACTOR * visits) continue;
    const bits = bitsOf(sets.length, size);
    markListed(bits, postStart, post, q.lo[i] as number, q.hi[i] as number);
    for (const w of q.spellings[i] as number[]) markListed(bits, postStart, post, w, w + 1);
    sets.push(bits);
  }
  if (sets.length === 0) return undefined;
  return (o) => {
    for (const bits of sets) if (!hasBit(bits, o)) return false;
    return true;
  };
}

/**
 * The documents of the name runs (rank 0 and 1) as a test: in the many-documents reading a document
 * has a name rank exactly when it is in those runs, and a bit costs less than reading its name.
 */
function runMarked(index: KindIndex, from: number, to: number): (o: number) => boolean {
  const bits = bitsOf(RUN_BITS, index.size);
  for (let i = from; i < to; i++) {
    const o = index.byName[i] as number;
    bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31));
  }
  return (o) => hasBit(bits, o);
}

/** The scratch bit set of the name runs (the query words' are numbered from 0). */
const RUN_BITS = SEARCH_WORDS_MAX;

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
  const { postStart, post } = index;
  // per query word, the documents of its words (and spellings): every match holds one of the
  // fewest's, which drive the reading
  // (the lists of a run of words follow each other: one subtraction counts them)
  const held = q.lo.map(
    (lo, i) =>
      (postStart[q.hi[i] as number] as number) -
      (postStart[lo] as number) +
      listed(postStart, q.spellings[i] as number[]),
  );
  const driver = held.indexOf(Math.min(...held));
  const driving = [
    ...range(q.lo[driver] as number, q.hi[driver] as number),
    ...(q.spellings[driver] as number[]),
  ];
  if ((held[driver] as number) === 0) return { total: 0, hits: [] };
  const depth = offset + limit;
  const buckets = new Buckets(depth);
  const phraseFirst = q.m > 1 && (held[driver] as number) <= CANDIDATES_MAX;

  if (phraseFirst || (held[driver] as number) <= READ_WHOLE_MAX) {
    // few: every match read and ranked
    const others = othersMarked(q, held, driver, held[driver] as number);
    const listedAs = listedMatch(q);
    let found = 0;
    readWhole(index.size, postStart, post, driving, (o) => {
      if (others && !others(o)) return;
      const match = listedAs >= 0 ? listedAs : matchOf(q, o);
      if (match < 0) return;
      found++;
      const named = nameRank(q, o);
      buckets.add(named >= 0 ? named : match, phraseFirst ? phraseSub(q, o) : 0, o);
    });
    return {
      total: Math.min(found, SEARCH_RESULTS_MAX),
      hits: pageOf(index, buckets, phraseFirst, depth, offset),
    };
  }

  // many: each rank read in ranking order, stopping once the page is known
  /** The share of documents expected to hold the other query words, taken as independent. */
  const sharing = (except: number) =>
    held.reduce((share, h, i) => (i === except ? share : share * Math.min(1, h / index.size)), 1);
  const count = (rank: number) => (buckets.all[rank * 2] as Smallest).count;
  // names that are the query, then names that start with it: runs of the names in name order (a
  // document's body holds its name's words, so each of them matches and counts in the total below)
  const leading = q.exact.slice(0, q.m - 1);
  let named: (o: number) => boolean = () => false;
  if (leading.every((n) => n >= 0)) {
    const { byName, nameStart } = index;
    const from = firstNameFrom(index, [...leading, q.lo[q.m - 1] as number]);
    const to = firstNameFrom(index, [...leading, q.hi[q.m - 1] as number]);
    // the names that are the query come first among those it starts (a name before longer ones)
    const exact = q.exact[q.m - 1] as number;
    const exactFrom = exact >= 0 ? firstNameFrom(index, [...leading, exact]) : to;
    let exactTo = exactFrom;
    while (exactTo < to) {
      const o = byName[exactTo] as number;
      const s = nameStart[o] as number;
      if ((nameStart[o + 1] as number) - s !== q.m || index.name[s + q.m - 1] !== exact) break;
      exactTo++;
    }
    for (let i = from; i < to; i++)
      buckets.add(i >= exactFrom && i < exactTo ? 0 : 1, 0, byName[i] as number);
    named = runMarked(index, from, to);
  }
  // the other matches, from the driving word's documents; every match counts toward the total
  let found = 0;
  const wordNeed = Math.max(0, depth - count(0) - count(1));
  // one word as typed: every document listed under it matches, and when one of its words alone is
  // held by the total's cap of documents, the total is known without counting
  const plain = q.m === 1 && (q.spellings[0] as number[]).length === 0;
  // a word no document starts as typed matches only through its spellings: every match is rank 3
  const typedAtAll = q.lo.every((lo, i) => lo < (q.hi[i] as number));
  const capped = plain && largest(postStart, driving) >= SEARCH_RESULTS_MAX;
  const stopAt = capped ? Math.max(1, wordNeed) : Math.max(SEARCH_RESULTS_MAX, wordNeed);
  // the driving word's documents read before the page and the total are known, expected
  const visits = Math.min(held[driver] as number, stopAt / Math.max(sharing(driver), 1e-6));
  const others = plain ? undefined : othersMarked(q, held, driver, visits);
  const listedAs = listedMatch(q);
  readListed(
    index.size,
    postStart,
    post,
    driving,
    (o, listedHere) => {
      if (others && !others(o)) return;
      const match = listedHere && listedAs >= 0 ? listedAs : matchOf(q, o);
      if (match < 0) return;
      found++;
      if (!named(o)) buckets.add(match, 0, o);
    },
    () => (capped || found >= SEARCH_RESULTS_MAX) && count(typedAtAll ? 2 : 3) >= wordNeed,
    (held[driver] as number) * sharing(driver),
    stopAt,
  );
  const total = capped ? SEARCH_RESULTS_MAX : Math.min(found, SEARCH_RESULTS_MAX);
  return { total, hits: pageOf(index, buckets, false, depth, offset) };
}

/** The page: ranks in order; within each, phrase first when the matches are few, then ordinal order. */
function pageOf(
  index: KindIndex,
  buckets: Buckets,
  phraseFirst: boolean,
  depth: number,
  offset: number,
): IndexHit[] {
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
