import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSetAudio, type SetAudioSegment } from './audio';
import { loopStyle } from './audio-style';
import { synthLoop } from './audio-synth';
import { FRAME_BYTES, FRAME_MS, FRAME_SAMPLES, parseMp3Frames, SAMPLE_RATE } from './mp3-frames';

const segments: SetAudioSegment[] = [
  { startS: 0, endS: 7, seed: 'track-a', genre: 'Techno' },
  { startS: 7, endS: 14, seed: 'track-b', genre: 'Deep House', bpm: 118 },
  { startS: 14, endS: 20, seed: 'track-c', genre: 'Trance' },
];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cratedig-audio-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('renderSetAudio', () => {
  it('writes a CBR MP3 whose frames add up to the returned duration', async () => {
    const outPath = join(dir, 'sets', 'one.mp3');
    const result = await renderSetAudio({ outPath, durationMs: 20_000, segments });
    const data = new Uint8Array(await readFile(outPath));
    const frames = parseMp3Frames(data);

    expect(result.bytes).toBe(data.length);
    for (const f of frames) {
      expect(f).toMatchObject({
        version: 2,
        bitrateKbps: 40,
        sampleRate: 24000,
        channels: 1,
        bytes: FRAME_BYTES,
      });
      expect(f.bitrateKbps).toBeGreaterThanOrEqual(32);
      expect(f.sampleRate).toBeGreaterThanOrEqual(22050);
      // Self-contained frames: what makes repeating a loop's frames a valid stream.
      expect(f.mainDataBegin).toBe(0);
    }
    const summedMs = frames.reduce((ms, f) => ms + (f.samples * 1000) / f.sampleRate, 0);
    expect(summedMs).toBeCloseTo(result.durationMs, 6);
    expect(Math.abs(result.durationMs - 20_000)).toBeLessThanOrEqual(FRAME_MS);
  });

  it('gives each track segment its own sound', async () => {
    const outPath = join(dir, 'distinct.mp3');
    await renderSetAudio({ outPath, durationMs: 20_000, segments });
    const data = new Uint8Array(await readFile(outPath));
    // One second of frames from the middle of each segment: different music, different bytes.
    const middles = segments.map((s) => {
      const frame = Math.round(((s.startS + s.endS) / 2) * (1000 / FRAME_MS));
      return Buffer.from(data.subarray((frame - 7) * FRAME_BYTES, (frame + 7) * FRAME_BYTES)).toString('hex');
    });
    expect(new Set(middles).size).toBe(3);

    const styles = segments.map((s) => loopStyle(s.seed, s.genre, s.bpm));
    expect(styles[1]?.bpm).toBe(118);
    expect(new Set(styles.map((s) => s.bpm)).size).toBe(3);
    const spectra = segments.map((s, i) =>
      spectrum(synthLoop(styles[i] ?? loopStyle(s.seed), SAMPLE_RATE, FRAME_SAMPLES, s.seed)),
    );
    for (const [a, b] of [
      [0, 1],
      [1, 2],
      [0, 2],
    ] as const) {
      expect(similarity(spectra[a] ?? [], spectra[b] ?? [])).toBeLessThan(0.9);
    }
  });

  it('is deterministic and skips a file that is already complete', async () => {
    const first = join(dir, 'first.mp3');
    const second = join(dir, 'second.mp3');
    const a = await renderSetAudio({ outPath: first, durationMs: 20_000, segments });
    await renderSetAudio({ outPath: second, durationMs: 20_000, segments });
    expect(Buffer.compare(await readFile(first), await readFile(second))).toBe(0);

    const before = (await stat(first)).mtimeMs;
    const again = await renderSetAudio({ outPath: first, durationMs: 20_000, segments });
    expect(again).toEqual(a);
    expect((await stat(first)).mtimeMs).toBe(before);

    // A truncated file (an interrupted copy, say) is rendered again.
    await writeFile(first, new Uint8Array(100));
    await renderSetAudio({ outPath: first, durationMs: 20_000, segments });
    expect(Buffer.compare(await readFile(first), await readFile(second))).toBe(0);
  });

  it('renders a set without tracks and a set shorter than one loop', async () => {
    const empty = join(dir, 'empty.mp3');
    const short = join(dir, 'short.mp3');
    const e = await renderSetAudio({ outPath: empty, durationMs: 30_000, segments: [] });
    const s = await renderSetAudio({
      outPath: short,
      durationMs: 1_500,
      segments: [{ startS: 0, endS: 99, seed: 'x' }],
    });
    expect(parseMp3Frames(new Uint8Array(await readFile(empty))).length * FRAME_MS).toBe(e.durationMs);
    expect(parseMp3Frames(new Uint8Array(await readFile(short))).length * FRAME_MS).toBe(s.durationMs);
    expect(Math.abs(s.durationMs - 1_500)).toBeLessThanOrEqual(FRAME_MS);
  });
});

describe('synthLoop', () => {
  it('renders whole MP3 frames whose length follows the tempo', () => {
    const slow = synthLoop({ ...loopStyle('x', 'House'), bpm: 100 }, SAMPLE_RATE, FRAME_SAMPLES, 'x');
    const fast = synthLoop({ ...loopStyle('x', 'House'), bpm: 140 }, SAMPLE_RATE, FRAME_SAMPLES, 'x');
    expect(slow.length % FRAME_SAMPLES).toBe(0);
    expect(fast.length % FRAME_SAMPLES).toBe(0);
    // One bar of 4 beats: 2.4 s at 100 BPM, 1.71 s at 140 BPM (within one frame).
    expect(Math.abs(slow.length / SAMPLE_RATE - 2.4)).toBeLessThan(FRAME_MS / 1000);
    expect(Math.abs(fast.length / SAMPLE_RATE - (4 * 60) / 140)).toBeLessThan(FRAME_MS / 1000);
    // loud but never clipping
    const peak = Math.max(...slow.map(Math.abs));
    expect(peak).toBeGreaterThan(0.5);
    expect(peak).toBeLessThanOrEqual(1);
  });
});

/** Magnitudes at 10 Hz steps from 30 Hz to 2 kHz (Goertzel), enough to tell keys and timbres apart. */
function spectrum(samples: Float32Array): number[] {
  const out: number[] = [];
  for (let f = 30; f <= 2000; f += 10) {
    const coeff = 2 * Math.cos((2 * Math.PI * f) / SAMPLE_RATE);
    let s1 = 0;
    let s2 = 0;
    for (const x of samples) {
      const s0 = x + coeff * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    out.push(Math.sqrt(s1 * s1 + s2 * s2 - coeff * s1 * s2));
  }
  return out;
}

function similarity(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  a.forEach((x, i) => {
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  });
  return dot / Math.sqrt(na * nb);
}
