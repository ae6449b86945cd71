// The landmark method without a database: a copy's landmarks have the query's keys however the copy
// was played, the peaks survive storage, and the matcher reads the speed and key from the hits.

import { describe, expect, it } from 'vitest';
import { indexLandmarks, MAX_KEY_SHIFT, packDetail, queryLandmarks, unpackDetail } from './hashes';
import { findLandmarkMatches, type LandmarkSource, type Posting } from './match';
import { decodePeaks, encodePeaks } from './peak-codec';
import { FRAME_S, type Peak, PeakReader, SAMPLE_RATE, semitonesOf } from './peaks';
import { scanWindows, unnamedRegions } from './scan';

/** Peaks of a made-up piece: notes on a scale, a few a second, each with its own level. */
function piece(seconds: number, seed: number): Peak[] {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const peaks: Peak[] = [];
  for (let t = 0; t < seconds / FRAME_S; t += 2 + Math.floor(next() * 6)) {
    peaks.push({ t, f: 20 + Math.floor(next() * 48), m: -10 - next() * 40 });
  }
  return peaks;
}

/** The same peaks played `speed` times as fast, with the key moved by `shift` semitones. */
const played = (peaks: Peak[], speed: number, shift: number): Peak[] =>
  peaks.map((p) => ({ t: p.t / speed, f: p.f + shift, m: p.m }));

function sourceOf(sets: Record<number, Peak[]>): LandmarkSource {
  const postings: Posting[] = Object.entries(sets).flatMap(([id, peaks]) =>
    indexLandmarks(peaks).map((l) => ({
      key: l.key,
      setId: Number(id),
      t: Math.round(l.t),
      detail: packDetail(l.f, l.span),
    })),
  );
  return {
    lookup: async (keys, except) => {
      const wanted = new Set(keys);
      return postings.filter((p) => wanted.has(p.key) && !except.includes(p.setId));
    },
    peaks: async (id) => sets[id],
  };
}

const share = (copy: Peak[], original: Peak[]) => {
  const asked = new Set(queryLandmarks(original).flatMap((l) => l.keys));
  const kept = indexLandmarks(copy);
  return kept.filter((l) => asked.has(l.key)).length / kept.length;
};

describe('landmark keys', () => {
  // Nearly all: a triplet whose last peak sits at the edge of the one-second zone may fall out of it
  it('are the same for a copy played faster or slower on a pitch fader, by up to 10 %', () => {
    const original = piece(60, 7);
    for (const speed of [0.9, 0.96, 1.04, 1.1]) {
      const copy = played(original, speed, 12 * Math.log2(speed));
      expect(share(copy, original), `speed ${speed}`).toBeGreaterThan(0.85);
    }
  });

  it('are the same for a copy played with key lock (tempo only), by up to 8 %', () => {
    const original = piece(60, 11);
    for (const speed of [0.92, 0.97, 1.03, 1.08]) {
      expect(share(played(original, speed, 0), original), `speed ${speed}`).toBeGreaterThan(0.8);
    }
  });

  // a key alone is no proof (the matcher asks for many on one line): other music shares few
  it('differ for other music', () => {
    expect(share(piece(60, 5), piece(60, 6))).toBeLessThan(0.25);
  });

  it('keep the first peak and the span beside the key to a 16th of a semitone and an 8th of a frame', () => {
    const back = unpackDetail(packDetail(47.31, 23.4));
    expect(back.f).toBeCloseTo(47.31, 1);
    expect(back.span).toBeCloseTo(23.4, 1);
    expect(MAX_KEY_SHIFT).toBeGreaterThan(12 * Math.log2(1.1));
  });
});

describe('matching landmarks', () => {
  it('finds a copy with its speed, its key and where it plays, and nothing in other music', async () => {
    const original = piece(120, 3);
    const stretch = original.filter((p) => p.t * FRAME_S >= 30 && p.t * FRAME_S < 90);
    // set 2 plays the original 4 % faster on a pitch fader after 20 s of other music
    const intro = piece(20, 99);
    const copy = [
      ...intro,
      ...played(stretch, 1.04, 12 * Math.log2(1.04)).map((p) => ({
        ...p,
        t: p.t - 30 / 1.04 / FRAME_S + 20 / FRAME_S,
      })),
    ];
    // set 3 plays it 6 % slower with key lock
    const locked = played(stretch, 0.94, 0).map((p) => ({ ...p, t: p.t - 30 / 0.94 / FRAME_S }));
    const source = sourceOf({ 2: copy, 3: locked, 4: piece(300, 42) });
    const query = stretch.filter((p) => p.t * FRAME_S >= 33 && p.t * FRAME_S < 87);
    const matches = await findLandmarkMatches({ peaks: query, landmarks: queryLandmarks(query) }, source);
    expect(matches.map((m) => m.setId).sort()).toEqual([2, 3]);
    const fast = matches.find((m) => m.setId === 2);
    expect(fast?.speed).toBeCloseTo(1.04, 2);
    expect(fast?.keyLocked).toBe(false);
    expect(fast?.keyShift).toBeCloseTo(12 * Math.log2(1.04), 1);
    // the query starts 3 s into the copy's stretch, which starts at 20 s
    expect(fast?.startS).toBeGreaterThan(20 + 3 / 1.04 - 1);
    expect(fast?.startS).toBeLessThan(20 + 3 / 1.04 + 1);
    const slow = matches.find((m) => m.setId === 3);
    expect(slow?.speed).toBeCloseTo(0.94, 2);
    expect(slow?.keyLocked).toBe(true);
    expect(slow?.similarity).toBeGreaterThan(0.9);
  });
});

describe('peaks', () => {
  it('are stored in about 4 bytes each and read back to a quarter frame and a 32nd of a semitone', () => {
    const peaks = piece(60, 1).map((p) => ({ ...p, t: p.t + 0.25, f: p.f + 0.03125 }));
    const bytes = encodePeaks(peaks);
    expect(bytes.length).toBeLessThanOrEqual(peaks.length * 4.1);
    const back = decodePeaks(bytes);
    expect(back).toHaveLength(peaks.length);
    back.forEach((p, i) => {
      expect(Math.abs(p.t - (peaks[i]?.t ?? 0))).toBeLessThanOrEqual(0.125);
      expect(Math.abs(p.f - (peaks[i]?.f ?? 0))).toBeLessThanOrEqual(1 / 64);
    });
  });

  it('are read the same whatever size the chunks of audio come in, at the frequency played', () => {
    const tone = new Float32Array(SAMPLE_RATE * 3);
    for (let i = 0; i < tone.length; i++) {
      // a 440 Hz note that sounds for 0.25 s every half second
      tone[i] =
        i % (SAMPLE_RATE / 2) < SAMPLE_RATE / 4 ? 0.5 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE) : 0;
    }
    const whole = new PeakReader();
    whole.push(tone);
    const a = whole.end();
    const chunked = new PeakReader();
    for (let i = 0; i < tone.length; i += 777) chunked.push(tone.subarray(i, i + 777));
    expect(chunked.end()).toEqual(a);
    expect(a.length).toBeGreaterThan(0);
    for (const p of a) expect(Math.abs(p.f - semitonesOf(440))).toBeLessThan(0.3);
  });
});

describe('what a scan asks of a set', () => {
  it('is every stretch no named entry covers: ID entries, gaps of 15 s or more, the rest of the set', () => {
    const entries = [
      { start: 0, end: 100, isId: false },
      { start: 100, end: 200, isId: true },
      { start: 200, end: 300, isId: false },
      // a 10 s gap is a transition
      { start: 310, end: 400, isId: false },
      { start: 450, end: 500, isId: false },
    ];
    expect(unnamedRegions(entries, 600)).toEqual([
      { fromS: 100, toS: 200 },
      { fromS: 400, toS: 450 },
      { fromS: 500, toS: 600 },
    ]);
    // a set whose list has no times is asked whole; one it names whole, not at all
    expect(unnamedRegions([], 600)).toEqual([{ fromS: 0, toS: 600 }]);
    expect(unnamedRegions([{ start: 0, end: 600, isId: false }], 600)).toEqual([]);
  });

  it('reads each stretch with 15 s either side, in windows of 180 s overlapping by 30 s', () => {
    expect(scanWindows([{ fromS: 100, toS: 200 }], 600)).toEqual([{ fromS: 85, toS: 215 }]);
    expect(scanWindows([{ fromS: 0, toS: 600 }], 600)).toEqual([
      { fromS: 0, toS: 180 },
      { fromS: 150, toS: 330 },
      { fromS: 300, toS: 480 },
      { fromS: 450, toS: 600 },
    ]);
  });
});
