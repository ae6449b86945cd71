// Spectral peaks of audio, the points every landmark is made of (docs/fingerprints.md, "Landmarks").
// Audio arrives as mono samples at SAMPLE_RATE in chunks of any size (a decoder's pipe), so an
// eight-hour recording never sits in memory whole; what comes out is a short list of peaks per second.
//
// A peak is a point of the spectrogram that is the loudest in its neighbourhood: PEAK_BANDS bands of
// the log-frequency axis either side and PEAK_FRAMES frames either side. Its frequency is refined
// between FFT bins and kept on a semitone scale, so a copy played faster (every frequency multiplied)
// moves every peak by the same number of semitones. Peaks are chosen per octave (the loudest few in
// every stretch of a second), so an EQ that cuts the bass takes the bass's peaks and leaves the others.
import FFT from 'fft.js';

export const SAMPLE_RATE = 8000;
export const FFT_SIZE = 1024;
export const HOP = 128;
/** Seconds per spectrogram frame. */
export const FRAME_S = HOP / SAMPLE_RATE;

const MIN_HZ = 130;
const MAX_HZ = 3800;
const BANDS_PER_OCTAVE = 24;
const PEAK_BANDS = 4;
const PEAK_FRAMES = 10;
/** Peaks kept per octave in any window of KEEP_WINDOW_S. */
const KEEP_PER_OCTAVE = 5;
const KEEP_WINDOW_S = 1;
/** Power below this (dB, full scale about 0) is silence, whatever its neighbours. */
const FLOOR_DB = -75;

/** Semitones above 55 Hz (A1): a frequency on the scale where playing faster adds a constant. */
export const semitonesOf = (hz: number): number => 12 * Math.log2(hz / 55);

export interface Peak {
  /** Time in frames from the start (fractional: refined between frames). */
  t: number;
  /** Frequency in semitones above 55 Hz (fractional). */
  f: number;
  /** Level in dB. */
  m: number;
}

interface Band {
  lo: number;
  hi: number;
  octave: number;
}

function bandsOf(): Band[] {
  const binHz = SAMPLE_RATE / FFT_SIZE;
  const octaves = Math.log2(MAX_HZ / MIN_HZ);
  const count = Math.floor(octaves * BANDS_PER_OCTAVE);
  const bands: Band[] = [];
  for (let b = 0; b < count; b++) {
    const loHz = MIN_HZ * 2 ** (b / BANDS_PER_OCTAVE);
    const hiHz = MIN_HZ * 2 ** ((b + 1) / BANDS_PER_OCTAVE);
    const lo = Math.round(loHz / binHz);
    const hi = Math.max(lo, Math.round(hiHz / binHz) - 1);
    bands.push({ lo, hi, octave: Math.floor(b / BANDS_PER_OCTAVE) });
  }
  return bands;
}

const BANDS = bandsOf();
const WINDOW = (() => {
  const w = new Float32Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE);
  return w;
})();

/**
 * Reads samples as they come and collects the peaks. `push` any number of times, then `end` once
 * for the peaks in time order.
 */
export class PeakReader {
  private readonly fft = new FFT(FFT_SIZE);
  private readonly spectrum: number[] = this.fft.createComplexArray();
  private readonly frameIn = new Float32Array(FFT_SIZE);
  private readonly power = new Float32Array(FFT_SIZE / 2 + 1);
  /** Samples not yet framed: at most FFT_SIZE + a chunk. */
  private pending = new Float32Array(0);
  private frames = 0;
  /** The last 2 × PEAK_FRAMES + 1 frames' band levels, and each band's loudest FFT bin. */
  private readonly ring: Float32Array[] = [];
  private readonly ringBins: Int16Array[] = [];
  private readonly ringPower: Float32Array[] = [];
  private readonly found: Peak[] = [];

  push(samples: Float32Array): void {
    const joined = new Float32Array(this.pending.length + samples.length);
    joined.set(this.pending);
    joined.set(samples, this.pending.length);
    let at = 0;
    while (at + FFT_SIZE <= joined.length) {
      this.frame(joined.subarray(at, at + FFT_SIZE));
      at += HOP;
    }
    this.pending = joined.slice(at);
  }

  /** The peaks, in time order, thinned to the loudest few per octave and second. */
  end(): Peak[] {
    // the last frames' peaks: pad with silence so every real frame gets its full neighbourhood
    const silence = new Float32Array(HOP * (PEAK_FRAMES + 1));
    this.push(silence);
    return thin(this.found);
  }

  get seconds(): number {
    return this.frames * FRAME_S;
  }

  private frame(samples: Float32Array): void {
    const input = this.frameIn;
    for (let i = 0; i < FFT_SIZE; i++) input[i] = (samples[i] ?? 0) * (WINDOW[i] ?? 0);
    this.fft.realTransform(this.spectrum, input);
    const out = this.spectrum;
    const power = this.power;
    const scale = 4 / (FFT_SIZE * FFT_SIZE);
    for (let k = 0; k <= FFT_SIZE / 2; k++) {
      const re = out[2 * k] ?? 0;
      const im = out[2 * k + 1] ?? 0;
      power[k] = (re * re + im * im) * scale;
    }
    const levels = new Float32Array(BANDS.length);
    const bins = new Int16Array(BANDS.length);
    for (let b = 0; b < BANDS.length; b++) {
      const band = BANDS[b] as Band;
      let best = band.lo;
      for (let k = band.lo + 1; k <= band.hi; k++) if ((power[k] ?? 0) > (power[best] ?? 0)) best = k;
      levels[b] = 10 * Math.log10((power[best] ?? 0) + 1e-12);
      bins[b] = best;
    }
    this.ring.push(levels);
    this.ringBins.push(bins);
    this.ringPower.push(power.slice(0, (BANDS.at(-1)?.hi ?? 0) + 2));
    if (this.ring.length > 2 * PEAK_FRAMES + 1) {
      this.ring.shift();
      this.ringBins.shift();
      this.ringPower.shift();
    }
    this.frames += 1;
    if (this.ring.length === 2 * PEAK_FRAMES + 1) this.pick(this.frames - 1 - PEAK_FRAMES);
  }

  /** The peaks of the ring's middle frame (frame number `t`). */
  private pick(t: number): void {
    const mid = PEAK_FRAMES;
    const levels = this.ring[mid] as Float32Array;
    const before = this.ring[mid - 1] as Float32Array;
    const after = this.ring[mid + 1] as Float32Array;
    for (let b = 0; b < levels.length; b++) {
      const v = levels[b] ?? -1e9;
      if (v < FLOOR_DB) continue;
      // cheap first test: the loudest of its 3 × 3 cells
      if (v <= (levels[b - 1] ?? -1e9) || v < (levels[b + 1] ?? -1e9)) continue;
      if (v <= (before[b] ?? -1e9) || v < (after[b] ?? -1e9)) continue;
      if (!this.loudestAround(b, v)) continue;
      this.found.push({ t: t + refine(before[b] ?? v, v, after[b] ?? v), f: this.frequencyOf(b), m: v });
    }
  }

  private loudestAround(b: number, v: number): boolean {
    const from = Math.max(0, b - PEAK_BANDS);
    const to = Math.min(BANDS.length - 1, b + PEAK_BANDS);
    for (let r = 0; r < this.ring.length; r++) {
      const levels = this.ring[r] as Float32Array;
      for (let c = from; c <= to; c++) {
        if (r === PEAK_FRAMES && c === b) continue;
        const w = levels[c] ?? -1e9;
        // ties go to the earlier frame and the lower band, so a flat top makes one peak
        if (w > v || (w === v && (r < PEAK_FRAMES || (r === PEAK_FRAMES && c < b)))) return false;
      }
    }
    return true;
  }

  private frequencyOf(b: number): number {
    const power = this.ringPower[PEAK_FRAMES] as Float32Array;
    const k = (this.ringBins[PEAK_FRAMES] as Int16Array)[b] ?? 0;
    const db = (i: number) => 10 * Math.log10((power[i] ?? 0) + 1e-12);
    const bin = k + refine(db(k - 1), db(k), db(k + 1));
    return semitonesOf(Math.max(1, bin) * (SAMPLE_RATE / FFT_SIZE));
  }
}

/** Where the top of a parabola through three equally spaced values sits, from the middle: −0.5…0.5. */
function refine(a: number, b: number, c: number): number {
  const d = a - 2 * b + c;
  if (d >= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / d));
}

const OCTAVE_OF_SEMITONE = (f: number): number => Math.floor((f - semitonesOf(MIN_HZ)) / 12);

/** Keeps a peak when fewer than KEEP_PER_OCTAVE louder peaks of its octave lie within half a window. */
export function thin(peaks: Peak[]): Peak[] {
  const half = KEEP_WINDOW_S / FRAME_S / 2;
  const byOctave = new Map<number, Peak[]>();
  for (const p of peaks) {
    const o = OCTAVE_OF_SEMITONE(p.f);
    const list = byOctave.get(o);
    if (list) list.push(p);
    else byOctave.set(o, [p]);
  }
  const kept: Peak[] = [];
  for (const list of byOctave.values()) {
    list.sort((a, b) => a.t - b.t);
    let lo = 0;
    for (let i = 0; i < list.length; i++) {
      const p = list[i] as Peak;
      while ((list[lo] as Peak).t < p.t - half) lo++;
      let louder = 0;
      for (let j = lo; j < list.length && (list[j] as Peak).t <= p.t + half; j++) {
        if ((list[j] as Peak).m > p.m) louder++;
        if (louder >= KEEP_PER_OCTAVE) break;
      }
      if (louder < KEEP_PER_OCTAVE) kept.push(p);
    }
  }
  return kept.sort((a, b) => a.t - b.t || a.f - b.f);
}
