// Music the catalogue never holds, for negative controls: a kick, off-beat hats, a bass line and chord
// stabs in an 11-note equal temperament, so no note coincides with the demo's 12-note loops, at a
// seeded tempo and key, with a new chord and bass line every bar (no loop repeats).
import { createRandom } from '../../db/seed/media/random';

/** Mono samples in -0.9..0.9; the same seed gives the same samples on every machine. */
export function unheardPcm(seconds: number, seed: string, sr: number): Float32Array {
  const rnd = createRandom(`unheard:${seed}`);
  const beat = 60 / rnd.range(84, 150);
  const root = rnd.range(70, 110);
  const tone = (step: number): number => root * 2 ** (step / 11);
  const bars = Math.ceil(seconds / (4 * beat)) + 1;
  // per bar: a chord of three notes and a bass note every half beat
  const chords = Array.from({ length: bars }, () => {
    const base = rnd.int(0, 10) + 11;
    return [base, base + rnd.pick([3, 4]), base + rnd.pick([6, 7])].map(tone);
  });
  const bass = Array.from({ length: bars * 8 }, () => tone(rnd.pick([0, 0, 3, 5, 7, -2])));
  const hatOn = Array.from({ length: 16 }, () => rnd.chance(0.7));
  const noise = createRandom(`unheard-noise:${seed}`);
  const out = new Float32Array(Math.round(seconds * sr));
  let hat = 0;
  let peak = 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / sr;
    const b = t / beat;
    const tb = (b % 1) * beat;
    // a sine swept down from 158 Hz to 48 Hz
    const kick =
      Math.sin(2 * Math.PI * (48 * tb + (110 * (1 - Math.exp(-30 * tb))) / 30)) * Math.exp(-7 * tb);
    const half = Math.floor(b * 2);
    const th = ((b * 2) % 1) * (beat / 2);
    hat = noise.next() * 2 - 1 - 0.6 * hat;
    const hats = half % 2 === 1 && hatOn[half % 16] ? hat * Math.exp(-45 * th) * 0.25 : 0;
    const f = bass[half] ?? root;
    const bassLine =
      (Math.sin(2 * Math.PI * f * t) + 0.4 * Math.sin(4 * Math.PI * f * t)) * Math.exp(-4 * th) * 0.3;
    let stab = 0;
    for (const c of chords[Math.floor(b / 4)] ?? [])
      stab += Math.sin(2 * Math.PI * c * t) + 0.3 * Math.sin(6 * Math.PI * c * t);
    const x = 0.5 * kick + hats + bassLine + stab * 0.07 * (0.3 + 0.7 * Math.exp(-5 * tb));
    out[n] = x;
    peak = Math.max(peak, Math.abs(x));
  }
  if (peak > 0) for (let n = 0; n < out.length; n++) out[n] = ((out[n] ?? 0) * 0.9) / peak;
  return out;
}
