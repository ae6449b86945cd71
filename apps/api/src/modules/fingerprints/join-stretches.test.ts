// A set's scan may hear one track several times over: once along the whole stretch, and again a loop
// later for a few seconds, where music that repeats itself lines up anew. The suggestion spans them
// all and is described by the stretch heard most.
import { describe, expect, it } from 'vitest';
import { type HeardStretch, joinStretches } from './service';

const released = 7;
const stretch = (s: Partial<HeardStretch>): HeardStretch => ({
  trackId: released,
  heardIn: 1,
  start: 32,
  end: 80,
  similarity: 1,
  speed: 1,
  keyLocked: false,
  ...s,
});

describe('joining the stretches a scan heard', () => {
  it('takes speed, key lock and similarity from the stretch heard longest, not a short one that agrees as well', () => {
    // what the scan found in a mix playing a looping track as recorded: 16 s a loop later, fitted 0.7 % fast
    const found = joinStretches([
      stretch({ start: 30, end: 46, similarity: 1, speed: 1.007 }),
      stretch({ start: 32, end: 80, similarity: 0.999, speed: 1 }),
    ]);
    expect(found).toEqual([
      expect.objectContaining({
        trackId: released,
        start_time: 30,
        end_time: 80,
        speed: 1,
        key_locked: false,
        similarity: 0.999,
      }),
    ]);
  });

  it('keeps the copy in another set when it was heard longer there', () => {
    const found = joinStretches([
      stretch({ heardIn: 1, start: 30, end: 50, similarity: 0.9, speed: 1.03, keyLocked: true }),
      stretch({ heardIn: 2, start: 30, end: 80, similarity: 0.8, speed: 0.98 }),
    ]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ heardIn: 2, speed: 0.98, key_locked: false, similarity: 0.8 });
  });

  it('keeps two suggestions for the same track played twice, far apart, and apart from another track', () => {
    const found = joinStretches([
      stretch({ start: 30, end: 80 }),
      stretch({ trackId: 8, start: 85, end: 140, speed: 1.02 }),
      stretch({ start: 600, end: 660, speed: 0.97 }),
    ]);
    expect(found.map((f) => [f.trackId, f.start_time, f.end_time, f.speed])).toEqual([
      [released, 30, 80, 1],
      [8, 85, 140, 1.02],
      [released, 600, 660, 0.97],
    ]);
  });
});
