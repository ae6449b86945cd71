// The search index kept in memory (docs/search.md "The index in memory"): per kind, the search
// documents in their ranking order (popularity, then name, then id: a document's place in that order
// is its ordinal), each document's name and body as numbers of a sorted dictionary of words, and for
// each word the ordinals of the documents holding it. Because the dictionary is sorted, the words
// starting with a query word are one run of numbers: "does this document have a word starting with
// `mem`" is a range test on integers, and the documents of all those words are one slice of the
// postings. Typed arrays keep a million tracks in a few hundred bytes each.
import type { SearchKind } from '@cratedig/contract/search';

/** One kind's documents and words. */
export interface KindIndex {
  kind: SearchKind;
  /** Documents, in ranking order. */
  size: number;
  /** ordinal → item id */
  ids: Int32Array;
  /** The dictionary, sorted by UTF-16 code units (a word's prefix sorts before it). */
  words: string[];
  /** Body words per document: body[bodyStart[o] .. bodyStart[o + 1]), in the body's order. */
  bodyStart: Uint32Array;
  body: Uint32Array;
  /** Name words per document, the same way. */
  nameStart: Uint32Array;
  name: Uint32Array;
  /** Per word, the ordinals of the documents whose body holds it (each once, ascending). */
  postStart: Uint32Array;
  post: Uint32Array;
  /**
   * Ordinals sorted by name (word by word, by dictionary number; then by ordinal): the names that are
   * a query, or start with it, are one run of it.
   */
  byName: Uint32Array;
}

/** A growable array of unsigned 32-bit numbers. */
class Numbers {
  private data = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The numbers, in an array of exactly their length. */
  done(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

const split = (text: string): string[] => text.split(' ').filter((w) => w !== '');

/**
 * Builds one kind's index from its documents, added in ranking order. Words are numbered as first met,
 * then renumbered in sorted order when the index is made.
 */
export class KindIndexBuilder {
  private readonly numbers = new Map<string, number>();
  private readonly ids = new Numbers();
  private readonly bodyStart = new Numbers();
  private readonly body = new Numbers();
  private readonly nameStart = new Numbers();
  private readonly name = new Numbers();

  constructor(private readonly kind: SearchKind) {
    this.bodyStart.push(0);
    this.nameStart.push(0);
  }

  private numberOf(word: string): number {
    let n = this.numbers.get(word);
    if (n === undefined) {
      n = this.numbers.size;
      this.numbers.set(word, n);
    }
    return n;
  }

  /** Adds the next document: its item id, normalised name and body (words separated by spaces). */
  add(itemId: number, name: string, body: string): void {
    this.ids.push(itemId);
    for (const w of split(body)) this.body.push(this.numberOf(w));
    this.bodyStart.push(this.body.length);
    for (const w of split(name)) this.name.push(this.numberOf(w));
    this.nameStart.push(this.name.length);
  }

  /**
   * Makes the index. Long loops call `pause` every so often: on a million documents the work takes
   * seconds, and the server keeps answering in between.
   */
  async build(pause: () => Promise<void> = async () => {}): Promise<KindIndex> {
    const words = [...this.numbers.keys()];
    const order = words
      .map((_, i) => i)
      .sort((a, b) => {
        const x = words[a] as string;
        const y = words[b] as string;
        return x < y ? -1 : x > y ? 1 : 0;
      });
    const renumber = new Uint32Array(words.length);
    order.forEach((old, i) => {
      renumber[old] = i;
    });
    const sorted = order.map((old) => words[old] as string);
    const body = this.body.done();
    const name = this.name.done();
    for (const list of [body, name])
      for (let i = 0; i < list.length; i++) {
        list[i] = renumber[list[i] as number] as number;
        if ((i & 0xfffff) === 0xfffff) await pause();
      }
    const bodyStart = this.bodyStart.done();
    const nameStart = this.nameStart.done();
    const size = this.ids.length;
    const postings = await invert(sorted.length, size, bodyStart, body, pause);
    const byName = await sortByName(sorted.length, size, nameStart, name, pause);
    return {
      kind: this.kind,
      size,
      ids: Int32Array.from(this.ids.done()),
      words: sorted,
      bodyStart,
      body,
      nameStart,
      name,
      postStart: postings.start,
      post: postings.list,
      byName,
    };
  }
}

/** Documents handled between two pauses of a build. */
const PAUSE_EVERY = 0xffff;

/**
 * Per word, the ordinals whose words hold it, each once and ascending (documents are read in
 * ordinal order): counted, then filled.
 */
async function invert(
  wordCount: number,
  size: number,
  start: Uint32Array,
  words: Uint32Array,
  pause: () => Promise<void>,
): Promise<{ start: Uint32Array; list: Uint32Array }> {
  const last = new Int32Array(wordCount).fill(-1);
  const counts = new Uint32Array(wordCount + 1);
  for (let o = 0; o < size; o++) {
    for (let p = start[o] as number; p < (start[o + 1] as number); p++) {
      const w = words[p] as number;
      if (last[w] === o) continue;
      last[w] = o;
      counts[w + 1] = (counts[w + 1] as number) + 1;
    }
    if ((o & PAUSE_EVERY) === PAUSE_EVERY) await pause();
  }
  for (let w = 0; w < wordCount; w++) counts[w + 1] = (counts[w + 1] as number) + (counts[w] as number);
  const list = new Uint32Array(counts[wordCount] as number);
  const fill = counts.slice(0, wordCount);
  last.fill(-1);
  for (let o = 0; o < size; o++) {
    for (let p = start[o] as number; p < (start[o + 1] as number); p++) {
      const w = words[p] as number;
      if (last[w] === o) continue;
      last[w] = o;
      list[fill[w] as number] = o;
      fill[w] = (fill[w] as number) + 1;
    }
    if ((o & PAUSE_EVERY) === PAUSE_EVERY) await pause();
  }
  return { start: counts, list };
}

/**
 * The ordinals in name order (word by word, then by ordinal): grouped by the name's first word in
 * one counting pass (ordinal order kept within a group), then each group sorted by the rest.
 */
async function sortByName(
  wordCount: number,
  size: number,
  nameStart: Uint32Array,
  name: Uint32Array,
  pause: () => Promise<void>,
): Promise<Uint32Array> {
  // group 0: names without words; group w + 1: names led by word w
  const groupOf = (o: number) =>
    (nameStart[o] as number) < (nameStart[o + 1] as number)
      ? (name[nameStart[o] as number] as number) + 1
      : 0;
  const counts = new Uint32Array(wordCount + 2);
  for (let o = 0; o < size; o++) counts[groupOf(o) + 1] = (counts[groupOf(o) + 1] as number) + 1;
  for (let g = 0; g <= wordCount; g++) counts[g + 1] = (counts[g + 1] as number) + (counts[g] as number);
  const byName = new Uint32Array(size);
  const fill = counts.slice(0, wordCount + 1);
  for (let o = 0; o < size; o++) {
    const g = groupOf(o);
    byName[fill[g] as number] = o;
    fill[g] = (fill[g] as number) + 1;
  }
  let sorted = 0;
  for (let g = 0; g <= wordCount; g++) {
    const from = counts[g] as number;
    const to = counts[g + 1] as number;
    if (to - from > 1) byName.subarray(from, to).sort((a, b) => compareNames(nameStart, name, a, b) || a - b);
    sorted += to - from;
    if (sorted > PAUSE_EVERY) {
      sorted = 0;
      await pause();
    }
  }
  return byName;
}

/** Orders two documents by their names' words (a name before the longer names it starts). */
function compareNames(nameStart: Uint32Array, name: Uint32Array, a: number, b: number): number {
  const sa = nameStart[a] as number;
  const sb = nameStart[b] as number;
  const ka = (nameStart[a + 1] as number) - sa;
  const kb = (nameStart[b + 1] as number) - sb;
  for (let i = 0; i < Math.min(ka, kb); i++) {
    const d = (name[sa + i] as number) - (name[sb + i] as number);
    if (d !== 0) return d;
  }
  return ka - kb;
}

/**
 * The first place in `byName` whose name is not below `key` (dictionary numbers), comparing only the
 * name's first key.length words (a shorter name that the key starts is below it).
 */
export function firstNameFrom(index: KindIndex, key: number[]): number {
  const { byName, nameStart, name } = index;
  let lo = 0;
  let hi = byName.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const o = byName[mid] as number;
    const s = nameStart[o] as number;
    const k = (nameStart[o + 1] as number) - s;
    let d = 0;
    for (let i = 0; i < key.length && d === 0; i++)
      d = i < k ? (name[s + i] as number) - (key[i] as number) : -1;
    if (d < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first dictionary number whose word is not below `text`. */
export function lowerBound(words: string[], text: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((words[mid] as string) < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The run of dictionary numbers whose words start with `prefix`: [from, to). */
export function wordsStartingWith(words: string[], prefix: string): [number, number] {
  return [lowerBound(words, prefix), lowerBound(words, `${prefix}\uffff`)];
}

/** The dictionary number of exactly `word`, or -1. */
export function numberOfWord(words: string[], word: string): number {
  const i = lowerBound(words, word);
  return words[i] === word ? i : -1;
}

/** Bytes the typed arrays of an index take (the dictionary's strings are not counted). */
export function indexBytes(index: KindIndex): number {
  return [
    index.ids,
    index.bodyStart,
    index.body,
    index.nameStart,
    index.name,
    index.postStart,
    index.post,
    index.byName,
  ].reduce((sum, a) => sum + a.byteLength, 0);
}
