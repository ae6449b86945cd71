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
  /** Per word, the ordinals of the documents whose name starts with it as a whole word. */
  leadStart: Uint32Array;
  lead: Uint32Array;
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

  build(): KindIndex {
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
    const body = this.body.done().map((n) => renumber[n] as number);
    const name = this.name.done().map((n) => renumber[n] as number);
    const bodyStart = this.bodyStart.done();
    const nameStart = this.nameStart.done();
    const size = this.ids.length;
    const postings = invert(sorted.length, size, (o, visit) => {
      for (let p = bodyStart[o] as number; p < (bodyStart[o + 1] as number); p++) visit(body[p] as number);
    });
    const leads = invert(sorted.length, size, (o, visit) => {
      const first = nameStart[o] as number;
      if (first < (nameStart[o + 1] as number)) visit(name[first] as number);
    });
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
      leadStart: leads.start,
      lead: leads.list,
    };
  }
}

/**
 * Per word, the ordinals whose `wordsOf` visits it, each once and ascending (documents are visited in
 * ordinal order): counted, then filled.
 */
function invert(
  wordCount: number,
  size: number,
  wordsOf: (ordinal: number, visit: (word: number) => void) => void,
): { start: Uint32Array; list: Uint32Array } {
  const last = new Int32Array(wordCount).fill(-1);
  const counts = new Uint32Array(wordCount + 1);
  for (let o = 0; o < size; o++)
    wordsOf(o, (w) => {
      if (last[w] === o) return;
      last[w] = o;
      counts[w + 1] = (counts[w + 1] as number) + 1;
    });
  for (let w = 0; w < wordCount; w++) counts[w + 1] = (counts[w + 1] as number) + (counts[w] as number);
  const start = counts;
  const list = new Uint32Array(start[wordCount] as number);
  const fill = start.slice(0, wordCount);
  last.fill(-1);
  for (let o = 0; o < size; o++)
    wordsOf(o, (w) => {
      if (last[w] === o) return;
      last[w] = o;
      list[fill[w] as number] = o;
      fill[w] = (fill[w] as number) + 1;
    });
  return { start, list };
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
    index.leadStart,
    index.lead,
  ].reduce((sum, a) => sum + a.byteLength, 0);
}
