// Music-like spectral peaks for the landmark index bench (bench/landmark-index.ts), made without audio:
// what the real PeakReader would give on a DJ set of electronic music, so the real hashing sees keys
// distributed as on music (intervals on a scale, harmonics an octave and a fifth up, drum hits on a
// grid), not uniform random keys. Every track is its own: tempo 118–140 BPM, key, scale, chords, bass
// line, melody, drum pattern and arrangement all come from the track's seed.
//
// Each note becomes peaks at its harmonics (semitones above 55 Hz, as the reader keeps them), each
// drum hit a few peaks at noise frequencies; then, as the reader does, a peak survives only as the
// loudest within ±10 frames and ±2 semitones, and the real `thin` keeps the loudest 5 per octave and
// second. The demo audio gives 22–26 peaks/s and 10–14 index landmarks/s; these give the same range.
import {
  FRAME_S,
  type Peak,
  semitonesOf,
  thin,
} from '../../apps/api/src/modules/fingerprints/landmarks/peaks';

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of the bench's base set number n. */
export const baseSeed = (n: number): number => (n * 2654435761 + 12345) >>> 0;

const LOW = semitonesOf(130);
const HIGH = semitonesOf(3800);
const SCALES = [
  [0, 2, 3, 5, 7, 8, 10], // minor
  [0, 2, 4, 5, 7, 9, 11], // major
  [0, 2, 3, 5, 7, 9, 10], // dorian
  [0, 1, 3, 5, 7, 8, 10], // phrygian
  [0, 3, 5, 7, 10], // minor pentatonic
];
/** Semitones of harmonics 1–5 above the fundamental. */
const HARMONICS = [1, 2, 3, 4, 5].map((h) => 12 * Math.log2(h));

/** A track's raw peaks before the reader's neighbourhood test: time (frames), semitones, dB. */
export type Raw = Peak[];

/** The peaks a track of `seconds` would give, before the neighbourhood test and thinning. */
export function trackRaw(seed: number, seconds: number): Raw {
  const r = rng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const bpm = 118 + r() * 22;
  const beat = 60 / bpm / FRAME_S;
  const bar = 4 * beat;
  const bars = Math.floor(seconds / FRAME_S / bar);
  const root = Math.floor(r() * 12);
  const scale = pick(SCALES);
  const degree = (d: number) =>
    root +
    12 * Math.floor(d / scale.length) +
    (scale[((d % scale.length) + scale.length) % scale.length] ?? 0);
  const chords = Array.from({ length: 4 }, () => Math.floor(r() * scale.length));
  const bassLine = Array.from({ length: 16 }, () => (r() < 0.55 ? Math.floor(r() * 5) - 1 : -99));
  const motif = Array.from({ length: 32 }, () => (r() < 0.4 ? Math.floor(r() * 9) : -99));
  const hatEvery = pick([1, 2, 2, 4]);
  const perc = Array.from({ length: 16 }, () => (r() < 0.3 ? 30 + r() * 30 : 0));
  const clap = r() < 0.7;
  const melodyOctave = 24 + Math.floor(r() * 2) * 12;
  // arrangement in 16-bar sections: which parts play
  const sections = Math.ceil(bars / 16);
  const plan = Array.from({ length: sections }, (_, i) => {
    if (i === 0) return { drums: true, bass: r() < 0.5, pads: false, lead: false };
    if (i === sections - 1) return { drums: true, bass: true, pads: false, lead: false };
    const breakdown = r() < 0.2;
    return { drums: !breakdown, bass: !breakdown || r() < 0.3, pads: r() < 0.7, lead: r() < 0.75 };
  });
  const out: Raw = [];
  const note = (t: number, f0: number, level: number, harmonics: number) => {
    for (let h = 0; h < harmonics; h++) {
      const f = f0 + (HARMONICS[h] ?? 0) + (r() - 0.5) * 0.16;
      if (f < LOW || f > HIGH) continue;
      out.push({ t: t + (r() - 0.5) * 0.6, f, m: level - 4 * h - r() * 5 });
    }
  };
  const noise = (t: number, lo: number, hi: number, n: number, level: number) => {
    for (let i = 0; i < n; i++) out.push({ t: t + r() * 1.5, f: lo + r() * (hi - lo), m: level - r() * 8 });
  };
  for (let b = 0; b < bars; b++) {
    const part = plan[Math.floor(b / 16)] ?? { drums: true, bass: true, pads: false, lead: false };
    const t0 = b * bar;
    const chord = chords[b % 4] ?? 0;
    for (let s = 0; s < 16; s++) {
      const t = t0 + (s * beat) / 4;
      if (part.drums) {
        if (s % 4 === 0) note(t, 15 + (root % 5), -18, 2); // the kick's body above 130 Hz
        if (clap && (s === 4 || s === 12)) noise(t, 20, 60, 3, -26);
        if (s % hatEvery === 0 && (hatEvery > 1 || s % 2 === 1)) noise(t, 62, HIGH, 2, -34);
        const tom = perc[s] ?? 0;
        if (tom > 0) note(t, tom, -29, 3);
      }
      const bassStep = bassLine[s] ?? -99;
      if (part.bass && bassStep > -99) note(t, degree(chord + bassStep), -22, 4);
      const m = motif[(b % 2) * 16 + s] ?? -99;
      if (part.lead && m > -99) note(t, melodyOctave + degree(chord + m), -27, 4);
    }
    if (part.pads)
      for (const tone of [0, 2, 4]) {
        const f0 = 24 + degree(chord + tone);
        note(t0, f0, -30, 2);
        // a held chord swells and fades: a few more peaks while it sounds
        for (let k = 1; k < 3; k++) note(t0 + k * beat * (1 + r()), f0, -36, 1);
      }
  }
  return out.sort((a, b) => a.t - b.t);
}

/** The reader's neighbourhood test (the loudest within ±10 frames and ±2 semitones), then `thin`. */
export function read(raw: Raw): Peak[] {
  const sorted = [...raw].sort((a, b) => a.t - b.t);
  const kept: Peak[] = [];
  let lo = 0;
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i] as Peak;
    while ((sorted[lo] as Peak).t < p.t - 10) lo++;
    let loudest = true;
    for (let j = lo; j < sorted.length && (sorted[j] as Peak).t <= p.t + 10; j++) {
      const q = sorted[j] as Peak;
      if (j !== i && Math.abs(q.f - p.f) <= 2 && (q.m > p.m || (q.m === p.m && j < i))) {
        loudest = false;
        break;
      }
    }
    if (loudest) kept.push(p);
  }
  return thin(kept);
}

/** A track placed in a set: where it starts and ends (frames). */
export interface Placed {
  seed: number;
  seconds: number;
  start: number;
  end: number;
}

/** A one-hour set's tracks: 5–7 minutes each, crossfaded over 16–32 s. */
export function setLayout(setSeed: number, hours = 1): Placed[] {
  const r = rng(setSeed ^ 0x5eed);
  const out: Placed[] = [];
  let at = 0;
  for (let i = 0; at < (hours * 3600) / FRAME_S; i++) {
    const seconds = 300 + r() * 120;
    const fade = (16 + r() * 16) / FRAME_S;
    const start = i === 0 ? 0 : at - fade;
    out.push({ seed: (setSeed * 64 + i) >>> 0, seconds, start, end: start + seconds / FRAME_S });
    at = start + seconds / FRAME_S;
  }
  return out;
}

/** Raw peaks of placed tracks, each faded in and out over its first and last 20 s. */
export function mixRaw(tracks: { placed: Placed; raw: Raw }[]): Raw {
  const fade = 20 / FRAME_S;
  const out: Raw = [];
  for (const { placed, raw } of tracks) {
    const length = placed.end - placed.start;
    for (const p of raw) {
      const edge = Math.min(p.t, length - p.t);
      const gain = edge < fade ? 20 * Math.log10(Math.max(0.01, edge / fade)) : 0;
      out.push({ t: p.t + placed.start, f: p.f, m: p.m + gain });
    }
  }
  return out;
}

/** A one-hour set's peaks as the reader would give them. */
export function setPeaks(setSeed: number): { peaks: Peak[]; tracks: Placed[] } {
  const tracks = setLayout(setSeed);
  const raw = mixRaw(tracks.map((placed) => ({ placed, raw: trackRaw(placed.seed, placed.seconds) })));
  return { peaks: read(raw), tracks };
}

/**
 * The raw peaks of a track played `speed` times as fast, on a pitch fader (every frequency up by the
 * same interval) or with key lock (frequencies kept); recorded again, so every peak moves a little,
 * an EQ takes some, and the room adds others.
 */
export function playedAt(raw: Raw, speed: number, keyLock: boolean, seed: number): Raw {
  const r = rng(seed);
  const shift = keyLock ? 0 : 12 * Math.log2(speed);
  const out: Raw = [];
  for (const p of raw) {
    if (r() < 0.1) continue;
    out.push({
      t: p.t / speed + (r() - 0.5) * 0.6,
      f: p.f + shift + (r() - 0.5) * 0.16,
      m: p.m + (r() - 0.5) * 4,
    });
  }
  const end = out.at(-1)?.t ?? 0;
  for (let i = 0; i < end / 25; i++)
    out.push({ t: r() * end, f: LOW + r() * (HIGH - LOW), m: -45 - r() * 10 });
  return out.sort((a, b) => a.t - b.t);
}
