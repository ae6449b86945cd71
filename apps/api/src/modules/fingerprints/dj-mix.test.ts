// The DJ mix generator on synthetic sources whose every part can be measured: each source is one steady
// tone over a bass tone of its own, silent for 0.3 s at two known times. Where a tone sounds in the
// mix shows where its track sits; the silences pin its time line to a few ms; the tones' frequencies
// show a pitch fader's or key lock's speed; the bass shows the EQ.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMix, CI_CONDITIONS, CONDITIONS, writeUnheardAudio } from './dj-mix';
import { type MixCondition, type MixedTrack, type MixSource, planMix } from './dj-mix-plan';
import { unheardPcm } from './unheard-audio';

const SR = 44_100;
const FILE_S = 52;
/** Source time of each silence; a source is silent over [g, g + GAP_S). */
const GAPS_S = [14, 30];
const GAP_S = 0.3;
const TONES = [
  { tone: 440, bass: 80 },
  { tone: 620, bass: 110 },
  { tone: 850, bass: 140 },
];

let dir: string;
const file = (k: number) => join(dir, `source-${k}.wav`);
const stretch = (k: number, fromS: number, seconds: number): MixSource => ({ file: file(k), fromS, seconds });
const condition = (name: string, changes: Partial<MixCondition> = {}): MixCondition => {
  const found = CONDITIONS.find((c) => c.name === name);
  if (!found) throw new Error(name);
  return { ...found, ...changes };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cratedig-dj-mix-'));
  await Promise.all(
    TONES.map(({ tone, bass }, k) => {
      const pcm = new Float32Array(FILE_S * SR);
      for (let n = 0; n < pcm.length; n++) {
        const t = n / SR;
        if (GAPS_S.some((g) => t >= g && t < g + GAP_S)) continue;
        pcm[n] = 0.3 * Math.sin(2 * Math.PI * tone * t) + 0.3 * Math.sin(2 * Math.PI * bass * t);
      }
      return writeWav(file(k), pcm);
    }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the conditions', () => {
  it('hold the whole table, each once, and CI runs four of them', () => {
    expect(CONDITIONS).toHaveLength(27);
    expect(new Set(CONDITIONS.map((c) => c.name)).size).toBe(27);
    expect(
      CONDITIONS.filter((c) => !c.keyLock && c.speed !== 1 && c.eq === 'none' && !c.noiseDb),
    ).toHaveLength(10);
    expect(CONDITIONS.filter((c) => c.keyLock).map((c) => Math.round((c.speed - 1) * 100))).toEqual([
      -8, -6, -3, -1, 1, 3, 6, 8,
    ]);
    expect(CI_CONDITIONS).toHaveLength(4);
    for (const c of CI_CONDITIONS) expect(CONDITIONS).toContain(c);
  });

  it('place each track where the previous one starts fading out, at its sped-up length', () => {
    const plan = planMix([stretch(0, 0, 60), stretch(1, 0, 60), stretch(2, 0, 30)], condition('pitch +4 %'));
    const length = 60 / 1.04;
    // to the sample: each track lasts a whole number of samples
    expect(plan.tracks.map((t) => t.startS)).toEqual([0, length - 10, 2 * length - 20].map(close));
    expect(plan.tracks[2]?.endS).toBeCloseTo(2 * length - 20 + 30 / 1.04, 4);
    expect(plan.totalSamples / SR).toBeCloseTo(2 * length + 30 / 1.04 - 20, 4);
    expect(() => planMix([stretch(0, 0, 60), stretch(1, 0, 15)], condition('as recorded'))).toThrow(
      /two 10 s crossfades/,
    );
  });
});

describe('buildMix', () => {
  it('plays a pitch fader faster and higher, each track exactly where it says', async () => {
    const out = join(dir, 'pitch.wav');
    const sources = [stretch(0, 2, 30), stretch(1, 0, 30), stretch(2, 3, 30)];
    const tracks = await buildMix(out, sources, condition('pitch +4 %'));
    const pcm = await readWav(out);
    expect(pcm.length).toBe(3 * Math.round((30 * SR) / 1.04) - 2 * 10 * SR);
    expectPlaced(pcm, tracks, 1.04);
    expectPitch(pcm, tracks, 1.04);
  });

  it('plays a key lock faster or slower at the same pitch', async () => {
    const out = join(dir, 'key-lock.wav');
    const sources = [stretch(0, 10, 24), stretch(1, 10, 24)];
    const c = condition('key lock -6 %', { crossfadeS: 5 });
    const tracks = await buildMix(out, sources, c);
    const pcm = await readWav(out);
    expect(pcm.length).toBe(2 * Math.round((24 * SR) / 0.94) - 5 * SR);
    expectPlaced(pcm, tracks, 0.94);
    expectPitch(pcm, tracks, 1);
  });

  it('cuts the bass at each track’s first and last 20 s only', async () => {
    const out = join(dir, 'bass-cut.wav');
    const tracks = await buildMix(out, [stretch(0, 2, 48), stretch(1, 2, 48)], condition('bass cut edges'));
    const pcm = await readWav(out);
    const [a, b] = tracks as [MixedTrack, MixedTrack];
    const level = (f: number, fromS: number, toS: number) => db(pcm, f, fromS, toS);
    const full = 20 * Math.log10(0.3 / 2); // the bass alone in a window: amplitude 0.3, half in one bin
    // the middle 8 s of each track keep their bass; the edges lose it, the tone above 200 Hz stays
    expect(level(80, a.startS + 21, a.startS + 27)).toBeCloseTo(full, 0);
    expect(level(110, b.startS + 21, b.startS + 27)).toBeCloseTo(full, 0);
    expect(level(80, a.startS + 1, a.startS + 9)).toBeLessThan(full - 25);
    expect(level(110, b.endS - 9, b.endS - 1)).toBeLessThan(full - 18);
    expect(level(440, a.startS + 1, a.startS + 9)).toBeGreaterThan(full - 1.5);
  });

  it('turns the low EQ down over the whole track and sweeps filters over its edges', async () => {
    // one track of 34 s: sweeps over [0, 16) and [18, 34), nothing between
    const full = 20 * Math.log10(0.3 / 2);
    const shelf = await mixed('shelf.wav', [stretch(0, 0, 34)], condition('low shelf -12 dB at 80 Hz'));
    expect(db(shelf, 80, 15, 25) - full).toBeCloseTo(-6, 0); // a shelf is half its depth at its corner
    expect(db(shelf, 440, 15, 25) - full).toBeGreaterThan(-0.5);

    const hp = await mixed('hp.wav', [stretch(0, 0, 34)], condition('high-pass sweep'));
    expect(db(hp, 80, 0.5, 1.5)).toBeLessThan(full - 30); // shut: 2 kHz
    expect(db(hp, 80, 0.5, 1.5)).toBeLessThan(db(hp, 80, 8, 9) - 10); // it opens as the track comes in
    expect(db(hp, 80, 16.2, 17.8)).toBeCloseTo(full, 0); // open between the sweeps
    expect(db(hp, 80, 32.5, 33.5)).toBeLessThan(full - 30);

    const lp = await mixed('lp.wav', [stretch(2, 0, 34)], condition('low-pass sweep'));
    expect(db(lp, 850, 0.5, 1.5)).toBeLessThan(full - 12); // shut: 250 Hz
    expect(db(lp, 850, 16.2, 17.8)).toBeCloseTo(full, 0);
    expect(db(lp, 850, 32.5, 33.5)).toBeLessThan(full - 12);
    expect(db(lp, 140, 0.5, 1.5)).toBeGreaterThan(full - 1);
  });

  it('lays pink noise at its level under the whole mix', async () => {
    // one track as recorded: the mix less its source is the noise alone
    const noisy = await mixed('noise.wav', [stretch(0, 10, 20)], condition('pink noise -18 dB'));
    const clean = (await readWav(file(0))).subarray(10 * SR, 30 * SR);
    expect(noisy.length).toBe(clean.length);
    const all = (pcm: Float32Array) => rmsDb(pcm, 0, pcm.length / SR);
    const noise = noisy.map((x, i) => x - (clean[i] ?? 0));
    expect(all(noise) - all(clean)).toBeCloseTo(-18, 0);
    // in the source's silence only the noise sounds
    const gap = (GAPS_S[0] ?? 0) - 10;
    expect(rmsDb(clean, gap + 0.05, gap + 0.25)).toBeLessThan(-80);
    expect(rmsDb(noisy, gap + 0.05, gap + 0.25)).toBeGreaterThan(all(clean) - 24);
  });

  it('reads MP3 sources to the sample and writes MP3 whose tracks sit where they say', async () => {
    const mp3 = join(dir, 'source-0.mp3');
    await tool('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      file(0),
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      mp3,
    ]);
    // a stretch cut after a seek is what a decode of the whole file holds there, sample for sample
    const cut = await mixed('cut.wav', [{ file: mp3, fromS: 20.123, seconds: 3 }], condition('as recorded'));
    const whole = (await decode(mp3)).subarray(Math.round(20.123 * SR));
    expect(cut.length).toBe(3 * SR);
    expect(cut.reduce((most, x, i) => Math.max(most, Math.abs(x - (whole[i] ?? 0))), 0)).toBeLessThan(1e-3);

    const out = join(dir, 'mix.mp3');
    const sources = [{ file: mp3, fromS: 2, seconds: 24 }, stretch(2, 2, 24)];
    const c = condition('pitch -2 %', { crossfadeS: 4 });
    const tracks = await buildMix(out, sources, c);
    expect((await readFile(out)).subarray(0, 3).toString()).toBe('ID3');
    const pcm = await decode(out);
    // LAME's header says how much padding to drop: decoded, the MP3 is exactly as long as the mix
    expect(pcm.length).toBe(planMix(sources, c).totalSamples);
    expectPlaced(pcm, tracks, 0.98, [0, 2]);
  });

  it('refuses a stretch past its file’s end, and says what ffmpeg said', async () => {
    await expect(
      buildMix(join(dir, 'x.wav'), [stretch(0, 40, 20)], condition('as recorded')),
    ).rejects.toThrow(/lasts 52 s/);
    await expect(
      buildMix(
        join(dir, 'x.wav'),
        [{ file: join(dir, 'nothing.wav'), fromS: 0, seconds: 5 }],
        condition('as recorded'),
      ),
    ).rejects.toThrow(/No such file or directory/);
    await expect(
      buildMix(join(dir, 'missing-dir', 'x.wav'), [stretch(0, 0, 5)], condition('as recorded')),
    ).rejects.toThrow(/ffmpeg failed \(exit \d+\): .*missing-dir/s);
  });
});

describe('writeUnheardAudio', () => {
  it('writes the same music for the same seed, other music for another', async () => {
    const one = unheardPcm(4, 'one', SR);
    expect(unheardPcm(4, 'one', SR)).toEqual(one);
    expect(unheardPcm(4, 'two', SR)).not.toEqual(one);
    const out = join(dir, 'unheard.wav');
    await writeUnheardAudio(out, 4, 'one');
    const pcm = await readWav(out);
    expect(pcm.length).toBe(4 * SR);
    expect(pcm.reduce((most, x, i) => Math.max(most, Math.abs(x - (one[i] ?? 0))), 0)).toBeLessThan(1e-4);
    expect(rmsDb(pcm, 0, 4)).toBeGreaterThan(-25);
  });
});

// Each track's tone sounds from its startS to its endS and nowhere else, alone between its
// crossfades, and its silences fall where its source's fall at its speed.
function expectPlaced(pcm: Float32Array, tracks: MixedTrack[], speed: number, files?: number[]): void {
  for (const t of tracks) {
    expect(t.speed).toBeCloseTo(speed, 9);
    const { tone } = TONES[files?.[t.index] ?? t.index] ?? { tone: 0 };
    const f = t.keyLock ? tone : tone * speed;
    const heard = (s: number) => db(pcm, f, s, s + 0.05) > -60;
    const total = pcm.length / SR;
    // 50 ms windows: the first and last with the tone in them hold its first and last sample
    if (t.startS >= 0.1) expect(heard(t.startS - 0.1)).toBe(false);
    expect(heard(t.startS + 0.1)).toBe(true);
    expect(heard(t.endS - 0.15)).toBe(true);
    if (t.endS + 0.05 < total) expect(heard(t.endS + 0.05)).toBe(false);
    for (const g of GAPS_S) {
      const expected = t.startS + (g - t.source.fromS) / t.speed;
      // a silence inside a crossfade is filled by the other track
      const alone = tracks.every((o) => o === t || o.endS <= expected || o.startS >= expected + 0.3);
      if (expected < t.startS || expected > t.endS || !alone) continue;
      // a key lock's time-stretcher moves an edge by up to a few ms (its hop); a pitch fader does not
      expect(Math.abs(silenceAfter(pcm, expected - 0.5) - expected)).toBeLessThan(t.keyLock ? 0.008 : 0.002);
    }
  }
}

// The tone's frequency: moved by a pitch fader's speed, kept by a key lock.
function expectPitch(pcm: Float32Array, tracks: MixedTrack[], pitch: number): void {
  for (const t of tracks) {
    const { tone } = TONES[t.index] ?? { tone: 0 };
    const mid = (t.startS + t.endS) / 2;
    const there = db(pcm, tone * pitch, mid - 1, mid + 1);
    expect(there).toBeGreaterThan(-20);
    for (const other of [1, 0.94, 1.04].filter((p) => Math.abs(p - pitch) > 0.01))
      expect(db(pcm, tone * other, mid - 1, mid + 1)).toBeLessThan(there - 25);
  }
}

/** Where the first 0.2 s of silence after `fromS` starts, to 1 ms. */
function silenceAfter(pcm: Float32Array, fromS: number): number {
  const w = SR / 1000;
  let quiet = 0;
  for (let i = Math.round(fromS * SR); i + w <= pcm.length; i += w) {
    if (rmsDb(pcm, i / SR, (i + w) / SR) < -40) quiet++;
    else quiet = 0;
    if (quiet === 200) return i / SR - 0.199;
  }
  return Number.NaN;
}

/**
 * The level of one frequency over [fromS, toS), in dB of full scale: Hann-windowed Goertzel filters
 * over windows of at most 0.2 s, their power averaged. Short windows, as a time-stretcher's output keeps
 * a sine's frequency but not its phase for long.
 */
function db(pcm: Float32Array, freq: number, fromS: number, toS: number): number {
  const from = Math.max(0, Math.round(fromS * SR));
  const to = Math.min(pcm.length, Math.round(toS * SR));
  const windows = Math.max(1, Math.round((to - from) / (0.2 * SR)));
  const n = Math.floor((to - from) / windows);
  const coeff = 2 * Math.cos((2 * Math.PI * freq) / SR);
  let total = 0;
  for (let w = 0; w < windows; w++) {
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const x = (pcm[from + w * n + i] ?? 0) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n));
      const s0 = x + coeff * s1 - s2;
      s2 = s1;
      s1 = s0;
    }
    // a sine of amplitude A gives |X| = A·n/4 under a Hann window; report A/2, its share in one bin
    total += (s1 * s1 + s2 * s2 - coeff * s1 * s2) / ((n * n) / 4);
  }
  return 10 * Math.log10(total / windows + 1e-24);
}

function rmsDb(pcm: Float32Array, fromS: number, toS: number): number {
  let sum = 0;
  const from = Math.max(0, Math.round(fromS * SR));
  const to = Math.min(pcm.length, Math.round(toS * SR));
  for (let i = from; i < to; i++) sum += (pcm[i] ?? 0) ** 2;
  return 10 * Math.log10(sum / Math.max(1, to - from) + 1e-20);
}

function close(value: number) {
  return expect.closeTo(value, 4);
}

async function mixed(name: string, sources: MixSource[], c: MixCondition): Promise<Float32Array> {
  const out = join(dir, name);
  await buildMix(out, sources, c);
  return readWav(out);
}

/** A mono 16-bit WAV's samples, read without ffmpeg (each process costs a busy machine a second). */
async function readWav(path: string): Promise<Float32Array> {
  const bytes = await readFile(path);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      expect([bytes.readUInt16LE(at + 10), bytes.readUInt32LE(at + 12), bytes.readUInt16LE(at + 22)]).toEqual(
        [1, SR, 16],
      );
    }
    if (id === 'data') {
      const pcm = new Float32Array(size / 2);
      for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(at + 8 + 2 * i) / 32768;
      return pcm;
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${path} has no data chunk`);
}

async function writeWav(path: string, pcm: Float32Array): Promise<void> {
  const data = Buffer.alloc(pcm.length * 2);
  pcm.forEach((x, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x)) * 32767), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SR, 24);
  header.writeUInt32LE(SR * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  await writeFile(path, Buffer.concat([header, data]));
}

async function decode(path: string): Promise<Float32Array> {
  const bytes = await tool('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    path,
    '-ac',
    '1',
    '-ar',
    String(SR),
    '-f',
    'f32le',
    '-',
  ]);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

function tool(cmd: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(stderr))));
  });
}
