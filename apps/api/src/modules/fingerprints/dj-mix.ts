// Builds a DJ mix from stretches of source audio with ffmpeg, the way a DJ would play them (pitch fader
// or key lock, EQ, filter sweeps, crossfades, a live room's noise), and says where each track really sits
// in the mix. The recogniser's tests and bench use it as their ground truth, so every position is exact
// to the sample: each track is cut, played at its speed and padded or trimmed to its computed length
// before the crossfades, whatever the resampler or time-stretcher rounds to.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mixGraph, mixInputs } from './dj-mix-graph';
import { type Eq, type MixCondition, type MixedTrack, type MixSource, planMix } from './dj-mix-plan';
import { unheardPcm } from './unheard-audio';

export interface MixOptions {
  ffmpeg?: string;
  /** Defaults to the ffprobe beside `ffmpeg`. */
  ffprobe?: string;
  sampleRate?: number;
  /** Defaults to mp3 for a `.mp3` file name, WAV otherwise. */
  format?: 'wav' | 'mp3';
  /** 1 (default: what the fingerprints read, and half the work) or 2. */
  channels?: 1 | 2;
}

const edge = (name: string, eq: Eq): MixCondition => ({ name, speed: 1, keyLock: false, eq, crossfadeS: 10 });
const pitch = (pct: number): MixCondition => ({
  name: `pitch ${pct > 0 ? '+' : ''}${pct} %`,
  speed: 1 + pct / 100,
  keyLock: false,
  eq: 'none',
  crossfadeS: 10,
});
const keyLock = (pct: number): MixCondition => ({
  ...pitch(pct),
  name: `key lock ${pct > 0 ? '+' : ''}${pct} %`,
  keyLock: true,
});

export const CONDITIONS: MixCondition[] = [
  edge('as recorded', 'none'),
  { ...edge('pink noise -18 dB', 'none'), noiseDb: -18 },
  ...[-10, -8, -4, -2, -1, 1, 2, 4, 8, 10].map(pitch),
  ...[-8, -6, -3, -1, 1, 3, 6, 8].map(keyLock),
  edge('bass cut edges', 'bass-cut-edges'),
  edge('low shelf -12 dB at 80 Hz', 'low-shelf-80'),
  edge('high-pass sweep', 'highpass-sweep'),
  edge('low-pass sweep', 'lowpass-sweep'),
  { ...edge('crossfade 16 s', 'none'), crossfadeS: 16, curve: 'tri' },
  { ...pitch(3), name: 'pitch +3 % with low shelf and 16 s crossfades', eq: 'low-shelf-80', crossfadeS: 16 },
  { ...pitch(-6), name: 'pitch -6 % with pink noise -18 dB and 8 s crossfades', noiseDb: -18, crossfadeS: 8 },
];

const byName = (name: string): MixCondition => {
  const found = CONDITIONS.find((c) => c.name === name);
  if (!found) throw new Error(`no mix condition named ${name}`);
  return found;
};

/** Cheap ones that cover each kind: pitch fader, key lock, EQ at the edges, EQ with long crossfades. */
export const CI_CONDITIONS: MixCondition[] = [
  byName('pitch +4 %'),
  byName('key lock -6 %'),
  byName('bass cut edges'),
  byName('pitch +3 % with low shelf and 16 s crossfades'),
];

/** RMS of ffmpeg's pink noise at amplitude 1 (-14.2 dBFS, measured over minutes of several seeds). */
const PINK_RMS = 10 ** (-14.2 / 20);

/**
 * Renders the mix to `outFile` and returns where each track sits in it. One ffmpeg process reads and
 * mixes every stretch; a condition with noise renders the clean mix first, as the noise's level
 * follows the mix's RMS.
 */
export async function buildMix(
  outFile: string,
  sources: MixSource[],
  condition: MixCondition,
  opts: MixOptions = {},
): Promise<MixedTrack[]> {
  const ffmpeg = opts.ffmpeg ?? 'ffmpeg';
  const plan = planMix(sources, condition, opts.sampleRate ?? 44_100);
  const channels = opts.channels ?? 1;
  await checkLengths(sources, opts.ffprobe ?? siblingProbe(ffmpeg));

  const sr = plan.sampleRate;
  const { graph, last } = mixGraph(sources, plan, condition, channels);
  const dir = await mkdtemp(join(tmpdir(), 'dj-mix-'));
  try {
    // a file, not an argument: the sweeps' commands make long graphs
    const script = join(dir, 'graph.txt');
    await writeFile(script, graph);
    const mix = [
      ...FFMPEG_QUIET,
      ...mixInputs(sources),
      '-filter_complex_script',
      script,
      '-map',
      `[${last}]`,
    ];
    if (condition.noiseDb === undefined) {
      await run(ffmpeg, [...mix, ...encode(outFile, opts, sr, channels)]);
    } else {
      const clean = join(dir, 'clean.f32');
      await run(ffmpeg, [...mix, ...rawF32(sr, channels), clean]);
      await run(
        ffmpeg,
        noiseArgs(clean, await rmsOfF32(clean), condition.noiseDb, outFile, opts, sr, channels),
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return plan.tracks;
}

const FFMPEG_QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
const rawF32 = (sr: number, channels: number) => ['-f', 'f32le', '-ar', String(sr), '-ac', String(channels)];

// The clean mix plus pink noise (independent in each channel) at noiseDb under the mix's RMS.
function noiseArgs(
  clean: string,
  rms: number,
  noiseDb: number,
  outFile: string,
  opts: MixOptions,
  sr: number,
  channels: number,
): string[] {
  const gain = (rms * 10 ** (noiseDb / 20)) / PINK_RMS;
  const noise = Array.from(
    { length: channels },
    (_, c) => `anoisesrc=color=pink:amplitude=1:seed=${7 + c}:r=${sr},volume=${gain.toExponential(6)}[n${c}]`,
  );
  if (channels === 2) noise.push('[n0][n1]join=inputs=2:channel_layout=stereo[n]');
  const graph = `${noise.join(';')};[0:a][${channels === 2 ? 'n' : 'n0'}]amix=inputs=2:duration=first:normalize=0[out]`;
  return [
    ...FFMPEG_QUIET,
    ...rawF32(sr, channels),
    ...['-i', clean, '-filter_complex', graph, '-map', '[out]'],
    ...encode(outFile, opts, sr, channels),
  ];
}

function encode(outFile: string, opts: MixOptions, sr: number, channels: number): string[] {
  const format = opts.format ?? (outFile.toLowerCase().endsWith('.mp3') ? 'mp3' : 'wav');
  const common = ['-ar', String(sr), '-ac', String(channels)];
  return format === 'mp3'
    ? [...common, '-c:a', 'libmp3lame', '-b:a', channels === 2 ? '192k' : '128k', '-f', 'mp3', outFile]
    : [...common, '-c:a', 'pcm_s16le', '-f', 'wav', outFile];
}

function siblingProbe(ffmpeg: string): string {
  return ffmpeg.includes('/') ? join(dirname(ffmpeg), 'ffprobe') : 'ffprobe';
}

// Benches build many mixes from the same files: each file is probed once while it stays unchanged.
const probed = new Map<string, { version: string; duration: number }>();

// A stretch past its file's end would shift every later track: refuse it rather than pad seconds of
// silence. Up to 50 ms short (an MP3's rounding) is padded.
async function checkLengths(sources: MixSource[], ffprobe: string): Promise<void> {
  const files = [...new Set(sources.map((s) => s.file))];
  const durations = new Map(
    await Promise.all(
      files.map(async (file) => {
        const info = await stat(file).catch(() => undefined);
        const version = info ? `${info.size}:${info.mtimeMs}` : '';
        const known = probed.get(file);
        if (info && known?.version === version) return [file, known.duration] as const;
        const out = await run(ffprobe, [
          ...['-hide_banner', '-loglevel', 'error', '-show_entries', 'format=duration'],
          ...['-of', 'default=noprint_wrappers=1:nokey=1', file],
        ]);
        const duration = Number.parseFloat(out);
        if (info) probed.set(file, { version, duration });
        return [file, duration] as const;
      }),
    ),
  );
  sources.forEach((s, index) => {
    const duration = durations.get(s.file) ?? Number.NaN;
    if (!(s.fromS + s.seconds <= duration + 0.05))
      throw new Error(
        `source ${index} wants ${s.fromS}-${s.fromS + s.seconds} s of ${s.file}, which lasts ${duration} s`,
      );
  });
}

async function rmsOfF32(file: string): Promise<number> {
  let sum = 0;
  let count = 0;
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    const bytes = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    for (let i = 0; i < whole; i += 4) {
      const x = bytes.readFloatLE(i);
      sum += x * x;
    }
    count += whole / 4;
    rest = bytes.subarray(whole);
  }
  if (count === 0 || sum === 0) throw new Error('the mix is silent: no level to set its noise by');
  return Math.sqrt(sum / count);
}

/** Runs a tool with an argument array (no shell); resolves with its stdout, rejects with its stderr. */
function run(cmd: string, args: string[], stdin?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(`${cmd} is not installed (apt-get install -y ffmpeg)`)
          : new Error(`${cmd} could not start: ${error.message}`),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${cmd} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
    // ffmpeg may stop reading early on an error; its exit code tells what happened
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

/**
 * Music the catalogue never holds, for negative controls (unheard-audio.ts says what it plays), the
 * same for the same seed. Written as mono WAV, or MP3 for a `.mp3` name.
 */
export async function writeUnheardAudio(
  outFile: string,
  seconds: number,
  seed: string,
  opts: { ffmpeg?: string; sampleRate?: number } = {},
): Promise<void> {
  const sr = opts.sampleRate ?? 44_100;
  const pcm = unheardPcm(seconds, seed, sr);
  await run(
    opts.ffmpeg ?? 'ffmpeg',
    [...FFMPEG_QUIET, ...rawF32(sr, 1), ...['-i', 'pipe:0'], ...encode(outFile, {}, sr, 1)],
    Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength),
  );
}
