// How the in-memory search index (word-index.ts) visits the documents listed under some words: all
// of them in any order, merged in ordinal order (so the reading can stop once the page is known), or
// by visiting every ordinal in order. Which one is a matter of cost: a document visited out of order
// costs a few cache misses (its words sit anywhere in a large array), one visited in order far less,
// so each way is weighed by the visits it is expected to make and what one visit costs.

/** Relative cost of visiting one document: out of order, merged (plus the heap's work), in order. */
const WHOLE_VISIT = 4;
const MERGE_VISIT = 2;
const SCAN_VISIT = 1;

/** Documents listed under `words` (counted once per word: an upper bound of the distinct ones). */
export function listed(start: Uint32Array, words: number[]): number {
  let n = 0;
  for (const w of words) n += (start[w + 1] as number) - (start[w] as number);
  return n;
}

/** Scratch marks of visited ordinals, reused by every reading (requests run one at a time here). */
let marks = new Uint32Array(0);
let mark = 0;

/** Visits each document listed under one of `words` once, in no particular order. */
export function readWhole(
  size: number,
  start: Uint32Array,
  list: Uint32Array,
  words: number[],
  visit: (o: number) => void,
): void {
  if (marks.length < size) {
    marks = new Uint32Array(size);
    mark = 0;
  }
  mark++;
  if (mark === 0xffffffff) {
    marks.fill(0);
    mark = 1;
  }
  for (const w of words)
    for (let p = start[w] as number; p < (start[w + 1] as number); p++) {
      const o = list[p] as number;
      if (marks[o] === mark) continue;
      marks[o] = mark;
      visit(o);
    }
}

/**
 * The documents listed under `words`, each once, in ordinal order: a merge of the words' ascending
 * lists through a binary heap of their next entries. Answers -1 when all are read.
 */
export function merged(start: Uint32Array, list: Uint32Array, words: number[]): () => number {
  const at: number[] = [];
  const end: number[] = [];
  for (const w of words)
    if ((start[w + 1] as number) > (start[w] as number)) {
      at.push(start[w] as number);
      end.push(start[w + 1] as number);
    }
  // heap of list numbers, ordered by their current entry
  const heap = at.map((_, k) => k);
  const key = (k: number) => list[at[k] as number] as number;
  const down = (i: number) => {
    const n = heap.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      let c = l;
      if (l + 1 < n && key(heap[l + 1] as number) < key(heap[l] as number)) c = l + 1;
      if (key(heap[c] as number) >= key(heap[i] as number)) return;
      [heap[i], heap[c]] = [heap[c] as number, heap[i] as number];
      i = c;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  let last = -1;
  return () => {
    while (heap.length > 0) {
      const k = heap[0] as number;
      const o = key(k);
      at[k] = (at[k] as number) + 1;
      if ((at[k] as number) >= (end[k] as number)) {
        heap[0] = heap[heap.length - 1] as number;
        heap.pop();
      }
      if (heap.length > 0) down(0);
      if (o !== last) {
        last = o;
        return o;
      }
    }
    return -1;
  };
}

/**
 * Visits the documents listed under `words` in `start`/`list` until `enough()`: all in any order,
 * merged in ordinal order, or every ordinal in order (`visit(o, false)`: it must test membership
 * itself), whichever is expected to cost least. `useful`: how many of the listed documents are
 * expected to count toward `enough()`; `stopAt`: how many `enough()` needs at least.
 */
export function readListed(
  size: number,
  start: Uint32Array,
  list: Uint32Array,
  words: number[],
  visit: (o: number, listedHere: boolean) => void,
  enough: () => boolean,
  useful: number,
  stopAt: number,
): void {
  const all = listed(start, words);
  if (all === 0) return;
  const share = Math.max(useful, 1e-6);
  const whole = all * WHOLE_VISIT;
  const heap = 1 + Math.log2(Math.max(words.length, 2)) / 4;
  const merge = Math.min(all, (stopAt * all) / share) * MERGE_VISIT * heap;
  const scan = Math.min(size, (stopAt * size) / share) * SCAN_VISIT;
  if (whole <= merge && whole <= scan) {
    readWhole(size, start, list, words, (o) => visit(o, true));
  } else if (merge <= scan) {
    const next = merged(start, list, words);
    for (let o = next(); o >= 0 && !enough(); o = next()) visit(o, true);
  } else {
    for (let o = 0; o < size && !enough(); o++) visit(o, false);
  }
}

/** A set of ordinals, one bit each. */
export type Bits = Uint32Array;

/** Scratch bit sets, reused by every reading (requests run one at a time here). */
const scratch: Bits[] = [];

/** Scratch bit set number `k`, emptied, for ordinals below `size`. */
export function bitsOf(k: number, size: number): Bits {
  const n = (size + 31) >>> 5;
  let bits = scratch[k];
  if (!bits || bits.length < n) {
    bits = new Uint32Array(n);
    scratch[k] = bits;
  } else bits.fill(0, 0, n);
  return bits;
}

/**
 * Marks in `bits` every document listed under the words numbered `from` to `to` (excluded): their
 * lists follow each other in `list`, so this reads one slice of it.
 */
export function markListed(
  bits: Bits,
  start: Uint32Array,
  list: Uint32Array,
  from: number,
  to: number,
): void {
  for (let p = start[from] as number; p < (start[to] as number); p++) {
    const o = list[p] as number;
    bits[o >>> 5] = (bits[o >>> 5] as number) | (1 << (o & 31));
  }
}

export const hasBit = (bits: Bits, o: number): boolean => ((bits[o >>> 5] as number) & (1 << (o & 31))) !== 0;
