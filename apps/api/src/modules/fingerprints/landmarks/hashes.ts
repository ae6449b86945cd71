// Landmarks: triplets of spectral peaks hashed on what survives a DJ's handling (docs/fingerprints.md,
// "Landmarks"). Played faster on a pitch fader, every time shrinks and every frequency rises by the
// same factor; with key lock only the times shrink. So a triplet's key holds only what neither
// changes: the intervals (in semitones) from its first peak to the two others, and where the middle
// peak sits between the outer two in time (a ratio). Two coarse terms narrow the key further, the
// first peak's octave and the triplet's length on a log scale, which a speed change of up to ±10 %
// moves into the next bin only near a bin's edge: a query looks up both bins there.
//
// The index stores few landmarks per second (the loudest peaks' triplets); a query makes many more
// from the same peaks, so whichever triplets the index kept of a copy, the query has them too.
import { FRAME_S, type Peak, semitonesOf } from './peaks';

/** The shortest and longest span of a triplet, in frames (0.1 s and 1 s). */
const MIN_GAP = 3;
const MAX_SPAN = Math.round(1 / FRAME_S);
/** Largest interval from the first peak, in semitones. */
const MAX_INTERVAL = 12;
/** Interval step, in semitones, and the time ratio's step. */
const INTERVAL_STEP = 0.5;
const RATIO_STEP = 0.05;
/** Octaves counted from here (the lowest peak frequency read). */
const LOWEST = semitonesOf(130);
/** Log-span bins: e^0.4 (about 1.5×) wide. */
const SPAN_STEP = 0.4;
/** Largest speed change a match may have, either way (10 %, and a little for measuring error). */
export const MAX_SPEED_CHANGE = 0.12;
/** Largest key change a match may have, in semitones (a pitch fader at 12 % moves about 2). */
export const MAX_KEY_SHIFT = 12 * Math.log2(1 + MAX_SPEED_CHANGE);

/** How the two sides choose triplets: the index few, the query many. */
export interface Density {
  /** Peaks that may start a triplet: the loudest `anchorsPerOctave` per octave in any second (0: all). */
  anchorsPerOctave: number;
  /** The loudest this many peaks after the first make its triplets (every pair of them). */
  fanOut: number;
}
export const INDEX_DENSITY: Density = { anchorsPerOctave: 1, fanOut: 3 };
export const QUERY_DENSITY: Density = { anchorsPerOctave: 0, fanOut: 6 };
/** A whole set scanned against the others: fewer than a query's, still many more than the index's. */
export const SCAN_DENSITY: Density = { anchorsPerOctave: 3, fanOut: 4 };

/** One landmark: its key and where its first peak sits. */
export interface Landmark {
  key: number;
  /** Frame of the first peak (fractional). */
  t: number;
  /** The first peak's frequency, in semitones. */
  f: number;
  /** Frames from the first peak to the last. */
  span: number;
}

/** A query's landmark with every key it is looked up by (its own, and the next bins' near an edge). */
export interface QueryLandmark extends Omit<Landmark, 'key'> {
  keys: number[];
}

interface Features {
  d2: number;
  d3: number;
  ratio: number;
  octave: number;
  logSpan: number;
}

function featuresOf(a: Peak, b: Peak, c: Peak): Features {
  return {
    d2: (b.f - a.f) / INTERVAL_STEP,
    d3: (c.f - a.f) / INTERVAL_STEP,
    ratio: (b.t - a.t) / (c.t - a.t) / RATIO_STEP,
    octave: (a.f - LOWEST) / 12,
    logSpan: Math.log(c.t - a.t) / SPAN_STEP,
  };
}

const INTERVAL_BINS = (2 * MAX_INTERVAL) / INTERVAL_STEP + 1;

/** The key of quantised features: 7 + 7 + 5 + 3 + 4 bits. */
function pack(d2: number, d3: number, ratio: number, octave: number, logSpan: number): number {
  const i2 = Math.max(0, Math.min(INTERVAL_BINS - 1, d2 + MAX_INTERVAL / INTERVAL_STEP));
  const i3 = Math.max(0, Math.min(INTERVAL_BINS - 1, d3 + MAX_INTERVAL / INTERVAL_STEP));
  const r = Math.max(0, Math.min(31, ratio));
  const o = Math.max(0, Math.min(7, octave));
  const s = Math.max(0, Math.min(15, logSpan));
  return ((((i2 * 128 + i3) * 32 + r) * 8 + o) * 16 + s) | 0;
}

/** The key the features fall in. */
function keyOf(x: Features): number {
  return pack(
    Math.round(x.d2),
    Math.round(x.d3),
    Math.floor(x.ratio),
    Math.floor(x.octave),
    Math.floor(x.logSpan),
  );
}

/** Bins a measured value may fall in on a copy: its own, and its neighbour when it lies within `margin`. */
function nearBins(value: number, margin: number, rounded: boolean): number[] {
  const bin = rounded ? Math.round(value) : Math.floor(value);
  const frac = rounded ? value - bin + 0.5 : value - bin;
  const out = [bin];
  if (frac < margin) out.push(bin - 1);
  if (frac > 1 - margin) out.push(bin + 1);
  return out;
}

/** Margins, in bins, of what a copy's measuring error and speed change can move. */
const INTERVAL_MARGIN = 0.2;
const RATIO_MARGIN = 0.25;
const OCTAVE_MARGIN = MAX_KEY_SHIFT / 12;
const SPAN_MARGIN = Math.log(1 + MAX_SPEED_CHANGE) / SPAN_STEP;

function keysNear(x: Features): number[] {
  const keys: number[] = [];
  for (const d2 of nearBins(x.d2, INTERVAL_MARGIN, true))
    for (const d3 of nearBins(x.d3, INTERVAL_MARGIN, true))
      for (const r of nearBins(x.ratio, RATIO_MARGIN, false))
        for (const o of nearBins(x.octave, OCTAVE_MARGIN, false))
          for (const s of nearBins(x.logSpan, SPAN_MARGIN, false)) keys.push(pack(d2, d3, r, o, s));
  return [...new Set(keys)];
}

/** The peaks that may start a triplet: the loudest few per octave within half a second either way. */
function anchors(peaks: Peak[], perOctave: number): boolean[] {
  if (perOctave <= 0) return peaks.map(() => true);
  const half = 0.5 / FRAME_S;
  const octave = peaks.map((p) => Math.floor((p.f - LOWEST) / 12));
  return peaks.map((p, i) => {
    let louder = 0;
    for (let j = i - 1; j >= 0 && (peaks[j] as Peak).t >= p.t - half; j--)
      if (octave[j] === octave[i] && (peaks[j] as Peak).m > p.m && ++louder >= perOctave) return false;
    for (let j = i + 1; j < peaks.length && (peaks[j] as Peak).t <= p.t + half; j++)
      if (octave[j] === octave[i] && (peaks[j] as Peak).m > p.m && ++louder >= perOctave) return false;
    return true;
  });
}

/** Calls `each` with every triplet of the peaks (in time order) that the density chooses. */
function triplets(peaks: Peak[], density: Density, each: (a: Peak, b: Peak, c: Peak) => void): void {
  const starts = anchors(peaks, density.anchorsPerOctave);
  const zone: Peak[] = [];
  for (let i = 0; i < peaks.length; i++) {
    if (!starts[i]) continue;
    const a = peaks[i] as Peak;
    zone.length = 0;
    for (let j = i + 1; j < peaks.length; j++) {
      const p = peaks[j] as Peak;
      if (p.t - a.t > MAX_SPAN) break;
      if (p.t - a.t < MIN_GAP || Math.abs(p.f - a.f) > MAX_INTERVAL) continue;
      zone.push(p);
    }
    if (zone.length < 2) continue;
    zone.sort((x, y) => y.m - x.m);
    const top = zone.slice(0, density.fanOut).sort((x, y) => x.t - y.t);
    for (let x = 0; x < top.length; x++)
      for (let y = x + 1; y < top.length; y++) {
        const b = top[x] as Peak;
        const c = top[y] as Peak;
        if (c.t - b.t >= MIN_GAP) each(a, b, c);
      }
  }
}

/** The landmarks the index keeps of a set's peaks. */
export function indexLandmarks(peaks: Peak[], density: Density = INDEX_DENSITY): Landmark[] {
  const out: Landmark[] = [];
  triplets(peaks, density, (a, b, c) => {
    out.push({ key: keyOf(featuresOf(a, b, c)), t: a.t, f: a.f, span: c.t - a.t });
  });
  return out;
}

/** The landmarks a query looks up, each with the keys a copy's landmark may have. */
export function queryLandmarks(peaks: Peak[], density: Density = QUERY_DENSITY): QueryLandmark[] {
  const out: QueryLandmark[] = [];
  triplets(peaks, density, (a, b, c) => {
    out.push({ keys: keysNear(featuresOf(a, b, c)), t: a.t, f: a.f, span: c.t - a.t });
  });
  return out;
}

/**
 * What a posting stores beside its key and set, in one int4: the first peak's frequency (1/16
 * semitone) and the triplet's span (1/8 frame). The matcher reads the speed and key of a copy from them.
 */
export function packDetail(f: number, span: number): number {
  const fq = Math.max(0, Math.min(2047, Math.round(f * 16)));
  const sq = Math.max(0, Math.min(4095, Math.round(span * 8)));
  return fq * 4096 + sq;
}

export function unpackDetail(detail: number): { f: number; span: number } {
  return { f: Math.floor(detail / 4096) / 16, span: (detail % 4096) / 8 };
}
