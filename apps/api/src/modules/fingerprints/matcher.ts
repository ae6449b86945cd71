// Finding a stretch of audio elsewhere: the query's values are looked up in the index (every 4th value
// of every set), each hit votes for a set and an offset, and only the best-voted offsets are compared
// bit by bit. A candidate is kept when its bit error rate at the best alignment is low: the same audio
// cut from two mixes differs in well under 1 % of its bits, different audio in 30 to 40 %.
import { bitErrorRate } from './codec';
import { ITEM_S } from './fpcalc';

/** Where one indexed value sits. */
export interface Posting {
  key: number;
  setId: number;
  pos: number;
}

export interface MatcherSource {
  /** Postings of these keys (int4 values), from the index. */
  lookup(keys: number[]): Promise<Posting[]>;
  /** A set's whole fingerprint, or undefined when it has none. */
  load(setId: number): Promise<Uint32Array | undefined>;
}

export interface Match {
  setId: number;
  /** Seconds into the set where the matched stretch starts and ends. */
  startS: number;
  endS: number;
  /** The same stretch in the query, seconds from the query's first value. */
  queryStartS: number;
  queryEndS: number;
  /** Bit error rate at the best alignment, over the matched stretch. */
  ber: number;
  /** 1 - 2 * ber, clamped: 1 is identical, 0 is unrelated noise. */
  similarity: number;
  /** Tempo ratio of the set's copy to the query (1 unless a stretched query matched). */
  tempo: number;
}

export interface MatchOptions {
  /** Largest bit error rate that counts as the same audio. */
  maxBer?: number;
  /** Offsets per set compared bit by bit (the rest of the votes are never read). */
  candidatesPerSet?: number;
  /** Tempo ratios tried besides 1, by resampling the query (e.g. [0.98, 1.02]). */
  tempos?: number[];
  /** Shortest stretch that counts, in seconds. */
  minSeconds?: number;
}

export const DEFAULT_MAX_BER = 0.15;
const BLOCK = 8; // values per verification block, ~1 s
const BLOCK_MAX_BER = 0.25;
const MIN_VOTES = 3;

/** The query's values at another tempo: value j of a copy played `tempo` times as fast. */
export function resampleQuery(query: Uint32Array, tempo: number): Uint32Array {
  const length = Math.floor(query.length / tempo);
  const out = new Uint32Array(length);
  for (let j = 0; j < length; j++) out[j] = query[Math.min(query.length - 1, Math.round(j * tempo))] ?? 0;
  return out;
}

export async function findMatches(
  query: Uint32Array,
  source: MatcherSource,
  opts: MatchOptions = {},
): Promise<Match[]> {
  const maxBer = opts.maxBer ?? DEFAULT_MAX_BER;
  const minItems = Math.max(BLOCK * 2, Math.round((opts.minSeconds ?? 8) / ITEM_S));
  const refs = new Map<number, Uint32Array | undefined>();
  const best = new Map<number, Match>();
  for (const tempo of [1, ...(opts.tempos ?? [])]) {
    const q = tempo === 1 ? query : resampleQuery(query, tempo);
    const candidates = await vote(q, source, opts.candidatesPerSet ?? 12);
    for (const { setId, offsets } of candidates) {
      if (!refs.has(setId)) refs.set(setId, await source.load(setId));
      const ref = refs.get(setId);
      if (!ref) continue;
      for (const offset of offsets) {
        const found = verify(q, ref, offset, maxBer, minItems);
        if (!found) continue;
        const match: Match = { setId, ...found, tempo: 1 / tempo };
        // the longest stretch wins (a short one can agree better by chance), then the closest
        const previous = best.get(setId);
        const length = (m: Match) => Math.round((m.endS - m.startS) * 2);
        if (
          !previous ||
          length(match) > length(previous) ||
          (length(match) === length(previous) && match.ber < previous.ber)
        )
          best.set(setId, match);
      }
    }
  }
  return [...best.values()].sort((a, b) => a.ber - b.ber || a.setId - b.setId);
}

async function vote(
  q: Uint32Array,
  source: MatcherSource,
  perSet: number,
): Promise<{ setId: number; offsets: number[] }[]> {
  const where = new Map<number, number[]>();
  q.forEach((v, i) => {
    const key = v | 0;
    const list = where.get(key);
    if (list) list.push(i);
    else where.set(key, [i]);
  });
  const postings = await source.lookup([...where.keys()]);
  const votes = new Map<number, Map<number, number>>();
  for (const p of postings) {
    let bySet = votes.get(p.setId);
    if (!bySet) {
      bySet = new Map();
      votes.set(p.setId, bySet);
    }
    for (const i of where.get(p.key) ?? []) {
      const offset = p.pos - i;
      bySet.set(offset, (bySet.get(offset) ?? 0) + 1);
    }
  }
  const out: { setId: number; offsets: number[] }[] = [];
  for (const [setId, bySet] of votes) {
    const offsets = [...bySet.entries()]
      .filter(([, n]) => n >= MIN_VOTES)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, perSet)
      .map(([offset]) => offset);
    if (offsets.length > 0) out.push({ setId, offsets });
  }
  return out;
}

/**
 * The longest stretch where the query and the set agree at `offset` (or a value either side), block
 * by block; undefined when it is too short or its bit error rate too high.
 */
function verify(
  q: Uint32Array,
  ref: Uint32Array,
  offset: number,
  maxBer: number,
  minItems: number,
): Omit<Match, 'setId' | 'tempo'> | undefined {
  let bestOffset = offset;
  let bestBer = 1;
  for (let d = -2; d <= 2; d++) {
    const { ber, compared } = bitErrorRate(q, ref, offset + d);
    if (compared > 0 && ber < bestBer) {
      bestBer = ber;
      bestOffset = offset + d;
    }
  }
  // the longest run of agreeing blocks (one disagreeing block inside a run is forgiven)
  let runFrom = -1;
  let bad = 0;
  let best: { from: number; to: number } | undefined;
  const from = Math.max(0, -bestOffset);
  const to = Math.min(q.length, ref.length - bestOffset);
  for (let b = from; b < to; b += BLOCK) {
    const end = Math.min(to, b + BLOCK);
    const { ber } = bitErrorRate(q, ref, bestOffset, b, end);
    if (ber <= BLOCK_MAX_BER) {
      if (runFrom < 0) runFrom = b;
      bad = 0;
      if (!best || end - runFrom > best.to - best.from) best = { from: runFrom, to: end };
    } else if (runFrom >= 0 && bad === 0) {
      bad = 1;
    } else {
      runFrom = -1;
      bad = 0;
    }
  }
  if (!best || best.to - best.from < minItems) return undefined;
  const { ber } = bitErrorRate(q, ref, bestOffset, best.from, best.to);
  if (ber > maxBer) return undefined;
  return {
    startS: round1((best.from + bestOffset) * ITEM_S),
    queryStartS: round1(best.from * ITEM_S),
    queryEndS: round1(best.to * ITEM_S),
    endS: round1((best.to + bestOffset) * ITEM_S),
    ber,
    similarity: Math.max(0, Math.min(1, 1 - 2 * ber)),
  };
}

const round1 = (s: number): number => Math.round(s * 10) / 10;

/** The index entries of a fingerprint: every 4th value and where it sits. */
export const INDEX_STEP = 4;
export function postingsOf(setId: number, values: Uint32Array): Posting[] {
  const out: Posting[] = [];
  for (let pos = 0; pos < values.length; pos += INDEX_STEP) {
    out.push({ key: (values[pos] ?? 0) | 0, setId, pos });
  }
  return out;
}
