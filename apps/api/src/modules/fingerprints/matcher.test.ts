// The matcher on audio from the demo's own synthesis: two mixes play the same track at different
// offsets, between other tracks; one copy is played 2 % fast (pitch and tempo, like a turntable).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitErrorRate, fromBytes, toBytes } from './codec';
import { fingerprintFile, ITEM_S } from './fpcalc';
import { findMatches, type MatcherSource, postingsOf } from './matcher';
import { MIX_RATE, writeMix } from './test-mix';

const seg = (n: number, seconds: number) => ({ seed: `track:${n}`, genre: 'techno', bpm: 126, seconds });
// Track 2 plays at 40-90 s in mix A and at 25-75 s in mix B.
const MIX_A = [seg(1, 40), seg(2, 50), seg(3, 40)];
const MIX_B = [seg(4, 25), seg(2, 50), seg(5, 40)];

let dir: string;
let a: Uint32Array;
let b: Uint32Array;
let bFast: Uint32Array;
let aFast: Uint32Array;

function sourceOf(sets: Record<number, Uint32Array>): MatcherSource {
  const postings = Object.entries(sets).flatMap(([id, values]) => postingsOf(Number(id), values));
  return {
    lookup: async (keys) => {
      const wanted = new Set(keys);
      return postings.filter((p) => wanted.has(p.key));
    },
    load: async (id) => sets[id],
  };
}
const stretch = (values: Uint32Array, fromS: number, toS: number) =>
  values.subarray(Math.round(fromS / ITEM_S), Math.round(toS / ITEM_S));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cratedig-fp-'));
  await writeMix(join(dir, 'a.pcm'), MIX_A);
  await writeMix(join(dir, 'b.pcm'), MIX_B);
  a = (await fingerprintFile(join(dir, 'a.pcm'), { rawRate: MIX_RATE })).values;
  b = (await fingerprintFile(join(dir, 'b.pcm'), { rawRate: MIX_RATE })).values;
  // read at a 2 % higher rate than it was written: the copy plays 2 % faster and higher
  bFast = (await fingerprintFile(join(dir, 'b.pcm'), { rawRate: MIX_RATE * 1.02 })).values;
  aFast = (await fingerprintFile(join(dir, 'a.pcm'), { rawRate: MIX_RATE * 1.02 })).values;
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('matching a stretch of audio', () => {
  it('stores a fingerprint in 4 bytes a value and reads it back unchanged', () => {
    expect(a.length).toBeGreaterThan(130 / ITEM_S - 40);
    expect(fromBytes(toBytes(a))).toEqual(a);
  });

  it('finds the same track in the other mix at its own offset, with a bit error rate under 5 %', async () => {
    const matches = await findMatches(stretch(a, 41, 89), sourceOf({ 2: b }));
    expect(matches).toHaveLength(1);
    const [m] = matches;
    expect(m?.setId).toBe(2);
    expect(m?.startS).toBeGreaterThanOrEqual(24);
    expect(m?.startS).toBeLessThanOrEqual(28);
    expect(m?.endS).toBeGreaterThanOrEqual(72);
    expect(m?.endS).toBeLessThanOrEqual(77);
    expect(m?.ber).toBeLessThan(0.05);
    expect(m?.similarity).toBeGreaterThan(0.9);
  });

  it('finds nothing for a track the other mix does not play', async () => {
    expect(await findMatches(stretch(a, 92, 128), sourceOf({ 2: b }))).toEqual([]);
    expect(await findMatches(stretch(a, 2, 38), sourceOf({ 2: b }))).toEqual([]);
  });

  it('tells different tracks apart by bit error rate: about 30 % or more at their best alignment', () => {
    const other = stretch(a, 92, 128);
    let best = 1;
    for (let offset = 0; offset < b.length - other.length; offset++) {
      best = Math.min(best, bitErrorRate(other, b, offset).ber);
    }
    expect(best).toBeGreaterThan(0.25);
  });

  it('misses a copy played 2 % fast when the query is only stretched in time', async () => {
    const matches = await findMatches(stretch(a, 41, 89), sourceOf({ 2: bFast }), { tempos: [0.98, 1.02] });
    expect(matches).toEqual([]);
  });

  it('finds a copy played 2 % fast when the query audio is resampled by the same 2 %', async () => {
    const matches = await findMatches(stretch(aFast, 41 / 1.02, 89 / 1.02), sourceOf({ 2: bFast }));
    expect(matches.map((m) => m.setId)).toEqual([2]);
    // track 2 starts 25 s into mix B, which now lasts 25 / 1.02 = 24.5 s
    expect(matches[0]?.startS).toBeGreaterThanOrEqual(22.5);
    expect(matches[0]?.startS).toBeLessThanOrEqual(27);
  });
});
