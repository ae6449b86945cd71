// Test audio from the demo's own synthesis: a mix of track loops with short crossfades, written as
// mono 16-bit PCM at 24 kHz (what fpcalc reads with -format s16le). Fingerprint tests build two mixes
// that play the same track at different offsets without encoding any MP3.
import { writeFile } from 'node:fs/promises';
import { loopStyle } from '../../db/seed/media/audio-style';
import { synthLoop } from '../../db/seed/media/audio-synth';

export const MIX_RATE = 24_000;
const FADE_S = 1;

export interface MixSegment {
  seed: string;
  genre: string;
  bpm: number;
  seconds: number;
}

export function mixPcm(segments: MixSegment[]): Int16Array {
  const total = Math.round(segments.reduce((s, g) => s + g.seconds, 0) * MIX_RATE);
  const out = new Float32Array(total);
  const fade = FADE_S * MIX_RATE;
  let start = 0;
  segments.forEach((seg, index) => {
    const loop = synthLoop(loopStyle(seg.seed, seg.genre, seg.bpm), MIX_RATE, 576, seg.seed);
    const length = Math.round(seg.seconds * MIX_RATE);
    // each segment fades in over the previous one's last second (the first starts at full level)
    const from = index === 0 ? start : start - fade;
    for (let n = from; n < start + length && n < total; n++) {
      const i = n - from;
      const gainIn = index === 0 || i >= fade ? 1 : i / fade;
      const tail = start + length - n;
      const gainOut = index === segments.length - 1 || tail > fade ? 1 : Math.max(0, tail / fade);
      out[n] = (out[n] ?? 0) + (loop[i % loop.length] ?? 0) * gainIn * gainOut * 0.9;
    }
    start += length;
  });
  const pcm = new Int16Array(total);
  for (let n = 0; n < total; n++)
    pcm[n] = Math.max(-32768, Math.min(32767, Math.round((out[n] ?? 0) * 32767)));
  return pcm;
}

export async function writeMix(path: string, segments: MixSegment[]): Promise<void> {
  const pcm = mixPcm(segments);
  await writeFile(path, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
}

/** The mix as a WAV file (what a set's audio may be): fpcalc reads it like any other audio. */
export async function writeWav(path: string, segments: MixSegment[]): Promise<void> {
  const pcm = mixPcm(segments);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(MIX_RATE, 24);
  header.writeUInt32LE(MIX_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.byteLength, 40);
  await writeFile(path, Buffer.concat([header, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)]));
}
