import type { BassStyle, DrumStyle, LoopStyle, Wave } from './audio-style';
import { createRandom, type Random } from './random';

// Renders one short seamless loop from a LoopStyle. Everything wraps around the loop end, so the loop
// repeats without a seam.

/**
 * Renders a loop whose length is a whole number of `frameSamples` (one MP3 frame), so the encoded
 * frames of one loop can be repeated. The tempo is nudged (< 1%) to make the bars fit exactly.
 */
export function synthLoop(
  style: LoopStyle,
  sampleRate: number,
  frameSamples: number,
  seed: string,
): Float32Array {
  const rnd = createRandom(`synth:${seed}`);
  const steps = style.bars * 16;
  const nominal = ((style.bars * 4 * 60) / style.bpm) * sampleRate;
  const length = Math.max(1, Math.round(nominal / frameSamples)) * frameSamples;
  const step = length / steps;
  const out = new Float32Array(length);
  const sr = sampleRate;

  // Adds `dur` seconds of a voice starting at sample `start`, wrapping past the loop end.
  const add = (start: number, dur: number, voice: (t: number, i: number) => number): void => {
    const n = Math.min(length, Math.round(dur * sr));
    const s0 = Math.round(start);
    for (let i = 0; i < n; i++) {
      const idx = (s0 + i) % length;
      out[idx] = (out[idx] ?? 0) + voice(i / sr, i);
    }
  };
  const noise = (): number => rnd.next() * 2 - 1;
  const note = (degree: number, octave: number): number => {
    const len = style.scale.length;
    const d = ((degree % len) + len) % len;
    const oct = octave + Math.floor(degree / len);
    return style.rootHz * 2 ** (oct + (style.scale[d] ?? 0) / 12);
  };

  renderDrums(style.drums, rnd, steps, step, sr, add, noise);

  // Bass: a one-pole low-passed saw per note, filter opened by brightness.
  const bassCut = 1 - Math.exp((-2 * Math.PI * (180 + 500 * style.brightness)) / sr);
  const bassSteps = bassPattern(style.bass, steps);
  const bassDegrees = Array.from({ length: 8 }, () => rnd.pick([0, 0, 0, 4, 2, 5, 0, 7]));
  bassSteps.forEach(([s, len], k) => {
    const f = note(bassDegrees[k % bassDegrees.length] ?? 0, 0);
    let y = 0;
    let env = 0.42;
    const decay = Math.exp(-3 / sr);
    add(s * step, (len * step) / sr, (t) => {
      const saw = 2 * ((t * f) % 1) - 1;
      y += bassCut * (saw - y);
      env *= decay;
      return y * env * Math.min(1, t * 200);
    });
  });

  // Lead: an arpeggio, off-beat chord stabs or a plucked melody, in octave 3-4 (~330-1300 Hz).
  const chordRoot = [0, rnd.pick([5, 3, 6, 4])];
  const leadWave = waveform(style.leadWave);
  const leadDecay = style.lead === 'stab' ? 9 : style.lead === 'pluck' ? 7 : 14;
  const melody = Array.from({ length: 16 }, () => rnd.pick([0, 2, 4, 7, 4, 2, 9, 11]));
  for (let s = 0; s < steps; s++) {
    const bar = Math.floor(s / 16);
    const root = chordRoot[bar % chordRoot.length] ?? 0;
    const pos = s % 16;
    let degrees: number[] = [];
    if (style.lead === 'arp') degrees = [[0, 2, 4, 7][pos % 4] ?? 0];
    else if (style.lead === 'stab' && [3, 6, 10, 14].includes(pos)) degrees = [0, 2, 4];
    else if (style.lead === 'pluck' && [0, 3, 6, 8, 11, 14].includes(pos)) degrees = [melody[pos] ?? 0];
    for (const d of degrees) {
      const f = note(root + d, 3);
      let env = 0.13;
      const decay = Math.exp(-leadDecay / sr);
      // Stop once the note has decayed below -40 dB.
      add(s * step, Math.min(0.3, 4.6 / leadDecay), (t) => {
        env *= decay;
        return env * leadWave(f, t) * Math.min(1, t * 300);
      });
    }
  }

  // Pad: a soft chord per bar, slightly detuned sines that swell in and out.
  if (style.pad) {
    const barLen = length / style.bars;
    for (let b = 0; b < style.bars; b++) {
      const root = chordRoot[b % chordRoot.length] ?? 0;
      const fs = [0, 2, 4, 6].map((d) => note(root + d, 2));
      add(b * barLen, barLen / sr + 0.4, (t) => {
        let v = 0;
        for (const f of fs) v += sine(f * t) + 0.5 * sine(f * 1.004 * t);
        const env = Math.min(1, t * 3) * Math.min(1, Math.max(0, (barLen / sr + 0.4 - t) * 2.5));
        return 0.04 * v * env;
      });
    }
  }

  normalise(out, 0.89);
  return out;
}

type AddVoice = (start: number, dur: number, voice: (t: number, i: number) => number) => void;

function renderDrums(
  style: DrumStyle,
  rnd: Random,
  steps: number,
  step: number,
  sr: number,
  add: AddVoice,
  noise: () => number,
): void {
  if (style === 'none') return;
  const kicks: Record<Exclude<DrumStyle, 'none'>, number[]> = {
    four: [0, 4, 8, 12],
    broken: [0, 7, 10],
    electro: [0, 6, 10, 11],
    halftime: [0, 11],
    afro: [0, 4, 8, 12],
  };
  const claps = style === 'halftime' ? [8] : [4, 12];
  const hatDensity = rnd.pick([1, 2, 4]);
  const kickDrop = rnd.range(80, 140);
  const clapTone = rnd.range(900, 1800);
  for (let s = 0; s < steps; s++) {
    const pos = s % 16;
    if (kicks[style].includes(pos)) {
      let phase = 0;
      let sweep = kickDrop;
      let env = 0.9;
      const sweepDecay = Math.exp(-30 / sr);
      const decay = Math.exp(-7 / sr);
      add(s * step, 0.35, () => {
        phase += (45 + sweep) / sr;
        sweep *= sweepDecay;
        env *= decay;
        return env * sine(phase);
      });
    }
    if (claps.includes(pos)) {
      let y = 0;
      const a = 1 - Math.exp((-2 * Math.PI * clapTone) / sr);
      let env = 0.5;
      const decay = Math.exp(-20 / sr);
      add(s * step, 0.18, () => {
        y += a * (noise() - y);
        env *= decay;
        return y * env;
      });
    }
    // Hats: off-beat opens at the lowest density, 8ths or 16ths otherwise; high-passed noise.
    const hat = hatDensity === 1 ? pos % 4 === 2 : pos % (4 / hatDensity) === 0;
    if (hat) {
      let prev = 0;
      const open = hatDensity === 1;
      let env = open ? 0.16 : 0.1;
      const decay = Math.exp(-(open ? 14 : 70) / sr);
      add(s * step, open ? 0.2 : 0.05, () => {
        const n = noise();
        const hp = n - prev;
        prev = n;
        env *= decay;
        return hp * env;
      });
    }
    // Afro percussion: pitched toms on a 3-3-2 figure.
    if (style === 'afro' && [3, 6, 14].includes(pos)) {
      const f = pos === 14 ? 190 : 260;
      let env = 0.35;
      const decay = Math.exp(-14 / sr);
      add(s * step, 0.25, (t) => {
        env *= decay;
        return env * sine(f * t * (1 - 0.3 * t));
      });
    }
  }
}

/** [step, length in steps] of each bass note over the loop. */
function bassPattern(style: BassStyle, steps: number): [number, number][] {
  const perBar: Record<BassStyle, [number, number][]> = {
    offbeat: [
      [2, 2],
      [6, 2],
      [10, 2],
      [14, 2],
    ],
    rolling: [1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15].map((s) => [s, 1] as [number, number]),
    sustain: [
      [0, 6],
      [8, 3],
      [11, 5],
    ],
    arp: [
      [0, 2],
      [3, 2],
      [6, 2],
      [8, 2],
      [11, 2],
      [14, 2],
    ],
  };
  const out: [number, number][] = [];
  for (let bar = 0; bar < steps / 16; bar++) for (const [s, l] of perBar[style]) out.push([bar * 16 + s, l]);
  return out;
}

function waveform(wave: Wave): (f: number, t: number) => number {
  switch (wave) {
    case 'saw':
      return (f, t) => 0.8 * (2 * ((f * t) % 1) - 1);
    case 'square':
      return (f, t) => 0.6 * ((f * t) % 1 < 0.5 ? 1 : -1);
    case 'fm':
      return (f, t) => sine(f * t + 0.4 * Math.max(0, 1 - t * 4) * sine(f * 2 * t));
    case 'sine':
      return (f, t) => sine(f * t) + 0.3 * sine(2 * f * t);
  }
}

// A sine table: the synth calls sine a few hundred thousand times per loop and Math.sin dominated.
const SINE_SIZE = 4096;
const SINE_TABLE = Float32Array.from({ length: SINE_SIZE }, (_, i) =>
  Math.sin((2 * Math.PI * i) / SINE_SIZE),
);
/** sin(2π·cycles), from the table. */
function sine(cycles: number): number {
  return SINE_TABLE[(cycles * SINE_SIZE) & (SINE_SIZE - 1)] ?? 0;
}

function normalise(samples: Float32Array, peak: number): void {
  let max = 0;
  for (const v of samples) max = Math.max(max, Math.abs(v));
  if (max === 0) return;
  const gain = peak / max;
  for (let i = 0; i < samples.length; i++) samples[i] = (samples[i] ?? 0) * gain;
}
