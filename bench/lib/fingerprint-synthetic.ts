// A SYNTHETIC index of `hours` of fingerprints in memory, built like fingerprint_postings (every 4th
// value, bucketed by its top 24 bits), for the match query's cost at a size the demo cannot reach.
// Values are uniform random 32-bit numbers from a counter hash, so real fingerprints (whose values
// cluster) would give longer posting lists than these: the figure is a floor for the lookups. A 60 s
// query is planted, with 1.6 % of its bits flipped, in 10 one-hour sets at random places.
import { loadavg } from 'node:os';
import { ITEM_S } from '../../apps/api/src/modules/fingerprints/fpcalc';
import { findMatches, INDEX_STEP, type MatcherSource } from '../../apps/api/src/modules/fingerprints/matcher';

function hash32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

export async function synthetic(hours: number): Promise<void> {
  const perSet = Math.round(3600 / ITEM_S); // one set per hour of audio
  const sets = hours;
  const postingsPerSet = Math.ceil(perSet / INDEX_STEP);
  const total = sets * postingsPerSet;
  const queryLen = Math.round(60 / ITEM_S);
  const query = new Uint32Array(queryLen).map((_, i) => hash32(0x51ed270b ^ (i * 2654435761)));
  const planted = new Map<number, number>(); // set -> first position
  for (let k = 0; k < 10; k++)
    planted.set(1 + (hash32(k + 77) % sets), hash32(k + 991) % (perSet - queryLen));
  const value = (set: number, pos: number): number => {
    const start = planted.get(set);
    if (start !== undefined && pos >= start && pos < start + queryLen) {
      const noise = hash32(set * 31 + pos);
      // each bit flipped with probability 1/64 (about 1.6 %)
      let flips = 0;
      for (let b = 0; b < 32; b++) if ((hash32(noise + b) & 63) === 0) flips |= 1 << b;
      return ((query[pos - start] ?? 0) ^ flips) >>> 0;
    }
    return hash32(set * 0x9e3779b1 + pos * 0x85ebca77);
  };

  const t0 = performance.now();
  const BUCKET_BITS = 24;
  const offsets = new Uint32Array((1 << BUCKET_BITS) + 1);
  for (let s = 1; s <= sets; s++)
    for (let p = 0; p < perSet; p += INDEX_STEP) {
      const b = (value(s, p) >>> (32 - BUCKET_BITS)) + 1;
      offsets[b] = (offsets[b] ?? 0) + 1;
    }
  for (let b = 1; b < offsets.length; b++) offsets[b] = (offsets[b] ?? 0) + (offsets[b - 1] ?? 0);
  const fill = offsets.slice(0, -1);
  const low = new Uint8Array(total); // the key's low 8 bits
  const where = new Uint32Array(total); // set (17 bits) and pos / 4 (13 bits)
  for (let s = 1; s <= sets; s++)
    for (let p = 0; p < perSet; p += INDEX_STEP) {
      const v = value(s, p);
      const b = v >>> (32 - BUCKET_BITS);
      const i = fill[b] ?? 0;
      fill[b] = i + 1;
      low[i] = v & 0xff;
      where[i] = s * 8192 + p / INDEX_STEP;
    }
  const built = performance.now() - t0;

  const source: MatcherSource = {
    lookup: async (keys) => {
      const out: { key: number; setId: number; pos: number }[] = [];
      for (const key of keys) {
        const v = key >>> 0;
        const b = v >>> (32 - BUCKET_BITS);
        for (let i = offsets[b] ?? 0; i < (offsets[b + 1] ?? 0); i++) {
          if (low[i] !== (v & 0xff)) continue;
          const w = where[i] ?? 0;
          out.push({ key, setId: Math.floor(w / 8192), pos: (w % 8192) * INDEX_STEP });
        }
      }
      return out;
    },
    load: async (set) => new Uint32Array(perSet).map((_, p) => value(set, p)),
  };
  const times: number[] = [];
  let found = 0;
  let wrong = 0;
  for (let round = 0; round < 5; round++) {
    const t = performance.now();
    const matches = await findMatches(query, source);
    times.push(performance.now() - t);
    found = matches.filter((m) => planted.has(m.setId)).length;
    wrong = matches.length - found;
  }
  const random = new Uint32Array(queryLen).map((_, i) => hash32(0xabcdef ^ (i * 97)));
  const t = performance.now();
  const none = await findMatches(random, source);
  const randomMs = performance.now() - t;
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `SYNTHETIC index, ${hours.toLocaleString('en-GB')} h (${sets.toLocaleString('en-GB')} one-hour sets, ${(total / 1e6).toFixed(0)} M entries, ${((total * 5) / 2 ** 30).toFixed(1)} GiB in memory, built in ${(built / 1000).toFixed(0)} s): ` +
      `60 s query planted in 10 sets: found ${found}/10, ${wrong} others, median ${sorted[2]?.toFixed(1)} ms over 5 runs; ` +
      `an unplanted query: ${none.length} matches in ${randomMs.toFixed(1)} ms (load ${loadavg()[0]?.toFixed(1)})`,
  );
}
