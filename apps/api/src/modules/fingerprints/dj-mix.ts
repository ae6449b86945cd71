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
import { createRandom } from '../../db/seed/media/random';

/** A stretch of a source file, in the source's own time. */
export interface MixSource {
  file: string;
  fromS: number;
  seconds: number;
}

export type Eq = 'none' | 'bass-cut-edges' | 'low-shelf-80' | 'highpass-sweep' | 'lowpass-sweep';
export type FadeCurve = 'qsin' | 'tri';

export interface MixCondition {
  name: string;
  /** 1.04: played 4 % faster (and 4 % shorter). */
  speed: number;
  /** true: tempo only (rubberband); false: a pitch fader (time and pitch together). */
  keyLock: boolean;
  eq: Eq;
  /** Pink noise over the whole mix at this level relative to the mix's RMS, in dB: a live recording. */
  noiseDb?: number;
  /** Each track fades into the next over this many seconds (0: cut). */
  crossfadeS: number;
  /** The fader's curve for both tracks; qsin (equal power) unless said. */
  curve?: FadeCurve;
}

/** Where a track's own stretch sounds: startS is its first sample (its fade-in starts), endS its last. */
export interface MixedTrack {
  index: number;
  source: MixSource;
  startS: number;
  endS: number;
  /** The speed really played: a pitch fader's rate is a whole number of Hz, so it may differ by < 1e-5. */
  speed: number;
  keyLock: boolean;
}

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

export interface MixPlan {
  tracks: MixedTrack[];
  /** Per track: samples read from its source, and samples it lasts in the mix. */
  inSamples: number[];
  outSamples: number[];
  /** Per track: the pitch fader's playback rate (the source's samples played at this rate). */
  rates: number[];
  fadeSamples: number;
  totalSamples: number;
  sampleRate: number;
}

/** Where every track sits in the mix, without running ffmpeg (buildMix renders exactly this). */
export function planMix(sources: MixSource[], condition: MixCondition, sampleRate = 44_100): MixPlan {
  if (sources.length === 0) throw new Error('a mix needs at least one source');
  if (!(condition.speed > 0)) throw new Error(`speed must be positive (got ${condition.speed})`);
  if (!(condition.crossfadeS >= 0))
    throw new Error(`crossfadeS must be 0 or more (got ${condition.crossfadeS})`);
  const fadeSamples = sources.length > 1 ? Math.round(condition.crossfadeS * sampleRate) : 0;
  const rate = condition.keyLock ? sampleRate : Math.round(sampleRate * condition.speed);
  const speed = condition.keyLock ? condition.speed : rate / sampleRate;
  const inSamples: number[] = [];
  const outSamples: number[] = [];
  const tracks: MixedTrack[] = [];
  let start = 0;
  sources.forEach((source, index) => {
    if (!(source.fromS >= 0) || !(source.seconds > 0))
      throw new Error(`source ${index} (${source.file}) needs fromS >= 0 and seconds > 0`);
    const n = Math.round(source.seconds * sampleRate);
    const m = Math.round(n / speed);
    // a track shorter than two crossfades would fade out while still fading in
    if (fadeSamples > 0 && m < 2 * fadeSamples)
      throw new Error(
        `source ${index} lasts ${(m / sampleRate).toFixed(2)} s in the mix, less than two ${condition.crossfadeS} s crossfades`,
      );
    inSamples.push(n);
    outSamples.push(m);
    tracks.push({
      index,
      source,
      startS: start / sampleRate,
      endS: (start + m) / sampleRate,
      speed,
      keyLock: condition.keyLock,
    });
    start += m - fadeSamples;
  });
  return {
    tracks,
    inSamples,
    outSamples,
    rates: sources.map(() => rate),
    fadeSamples,
    totalSamples: start + fadeSamples,
    sampleRate,
  };
}

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
  const inputs = sources.flatMap((s) => [
    '-ss',
    (s.fromS - preroll(s)).toFixed(6),
    // a little more than needed: the exact count is cut in the graph
    '-t',
    (preroll(s) + s.seconds + 0.1).toFixed(6),
    '-i',
    s.file,
  ]);
  const chains = sources.map((s, k) => trackChain(s, k, plan, condition, channels));
  const curve = condition.curve ?? 'qsin';
  let last = 't0';
  for (let k = 1; k < sources.length; k++) {
    const out = `x${k}`;
    chains.push(
      plan.fadeSamples > 0
        ? `[${last}][t${k}]acrossfade=ns=${plan.fadeSamples}:c1=${curve}:c2=${curve}[${out}]`
        : `[${last}][t${k}]concat=n=2:v=0:a=1[${out}]`,
    );
    last = out;
  }
  const graph = chains.join(';\n');

  const dir = await mkdtemp(join(tmpdir(), 'dj-mix-'));
  try {
    const script = join(dir, 'graph.txt');
    // a file, not an argument: sweeps' commands make long graphs
    await writeFile(script, graph);
    const base = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
    if (condition.noiseDb === undefined) {
      await run(ffmpeg, [
        ...base,
        ...inputs,
        '-filter_complex_script',
        script,
        '-map',
        `[${last}]`,
        ...encode(outFile, opts, sr, channels),
      ]);
    } else {
      const clean = join(dir, 'clean.f32');
      await run(ffmpeg, [
        ...base,
        ...inputs,
        '-filter_complex_script',
        script,
        '-map',
        `[${last}]`,
        ...['-f', 'f32le', '-ar', String(sr), '-ac', String(channels), clean],
      ]);
      const rms = await rmsOfF32(clean);
      const gain = (rms * 10 ** (condition.noiseDb / 20)) / PINK_RMS;
      const noise = Array.from(
        { length: channels },
        (_, c) =>
          `anoisesrc=color=pink:amplitude=1:seed=${7 + c}:r=${sr},volume=${gain.toExponential(6)}[n${c}]`,
      );
      const joined = channels === 2 ? '[n0][n1]join=inputs=2:channel_layout=stereo[n];' : '';
      const noiseLabel = channels === 2 ? 'n' : 'n0';
      await run(ffmpeg, [
        ...base,
        ...['-f', 'f32le', '-ar', String(sr), '-ac', String(channels), '-i', clean],
        '-filter_complex',
        `${noise.join(';')};${joined}[0:a][${noiseLabel}]amix=inputs=2:duration=first:normalize=0[out]`,
        '-map',
        '[out]',
        ...encode(outFile, opts, sr, channels),
      ]);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return plan.tracks;
}

// Decoding starts up to 1 s before a stretch and the graph drops that second: an MP3 decoded right from
// a seek point garbles its first frames (their bit reservoir and overlap are in the frames before), while
// from a second earlier every sample equals a decode from the file's start.
const preroll = (s: MixSource): number => Math.min(1, s.fromS);

/** RMS of ffmpeg's pink noise at amplitude 1 (-14.2 dBFS, measured over minutes of several seeds). */
const PINK_RMS = 10 ** (-14.2 / 20);

// One track: its exact stretch, at its speed, at its exact length in the mix, then its EQ.
function trackChain(
  source: MixSource,
  k: number,
  plan: MixPlan,
  condition: MixCondition,
  channels: number,
): string {
  const sr = plan.sampleRate;
  const n = plan.inSamples[k] ?? 0;
  const skip = Math.round(preroll(source) * sr);
  const m = plan.outSamples[k] ?? 0;
  const layout = channels === 2 ? 'stereo' : 'mono';
  const steps = [
    `aresample=${sr}`,
    `aformat=sample_fmts=flt:channel_layouts=${layout}`,
    // apad: a source a few ms short of the stretch (an MP3's last frame) keeps every position exact
    `apad`,
    `atrim=start_sample=${skip}:end_sample=${skip + n}`,
  ];
  if (condition.keyLock && condition.speed !== 1) steps.push(`rubberband=tempo=${condition.speed}`);
  // the pitch fader: the same samples played at another rate, then resampled back
  else if (!condition.keyLock && plan.rates[k] !== sr)
    steps.push(`asetrate=${plan.rates[k]}`, `aresample=${sr}`);
  steps.push('apad', `atrim=end_sample=${m}`, `asetpts=N/${sr}/TB`, ...eqSteps(k, condition.eq, m / sr, sr));
  return `[${k}:a]${steps.join(',')}[t${k}]`;
}

// t in these expressions is the track's own time in the mix (its timestamps start at 0).
function eqSteps(k: number, eq: Eq, lengthS: number, sr: number): string[] {
  switch (eq) {
    case 'none':
      return [];
    case 'low-shelf-80':
      // a mixer's low EQ turned down: -12 dB below 80 Hz (-6 dB at 80 Hz itself, -11 dB at 40 Hz)
      return ['lowshelf=f=80:g=-12:t=s:w=1'];
    case 'bass-cut-edges': {
      // 24 dB/octave (two 12 dB/octave sections), as a DJ mixer's isolator or filter cuts
      const e = Math.min(20, lengthS / 2);
      const on = `enable='lt(t,${e})+gte(t,${(lengthS - e).toFixed(6)})'`;
      return [`highpass=f=200:${on}`, `highpass=f=200:${on}`];
    }
    case 'highpass-sweep':
    case 'lowpass-sweep': {
      // the new track comes in filtered and opens over its first 16 s; the old one closes over its last
      // 16 s. Cutoffs move on a log scale, a step every 0.1 s (a knob turned by hand).
      const hp = eq === 'highpass-sweep';
      const open = hp ? 20 : Math.min(20_000, 0.45 * sr);
      const shut = hp ? 2_000 : 250;
      const e = Math.min(16, lengthS / 2);
      const target = `${hp ? 'highpass' : 'lowpass'}@sweep${k}`;
      const commands: string[] = [];
      const stepS = 0.1;
      for (let t = 0; t < e; t += stepS) {
        const f = shut * (open / shut) ** (t / e);
        commands.push(`${t.toFixed(3)} ${target} f ${f.toFixed(1)}`);
      }
      for (let t = lengthS - e; t < lengthS; t += stepS) {
        const f = open * (shut / open) ** ((t - (lengthS - e)) / e);
        commands.push(`${t.toFixed(3)} ${target} f ${f.toFixed(1)}`);
      }
      const on = `enable='lt(t,${e})+gte(t,${(lengthS - e).toFixed(6)})'`;
      return [`asendcmd=c='${commands.join(';')}'`, `${target}=f=${shut}:${on}`];
    }
  }
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
 * Music the catalogue never holds (a negative control): a kick, off-beat hats, a bass line and chord
 * stabs in an 11-note equal temperament, so no pitch coincides with the demo's 12-note loops, at a
 * seeded tempo and key. Written as WAV, or MP3 for a `.mp3` name.
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
    [
      ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'f32le', '-ar', String(sr), '-ac', '1', '-i', 'pipe:0'],
      ...encode(outFile, {}, sr, 1),
    ],
    Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength),
  );
}

function unheardPcm(seconds: number, seed: string, sr: number): Float32Array {
  const rnd = createRandom(`unheard:${seed}`);
  const beat = 60 / rnd.range(84, 150);
  const root = rnd.range(70, 110);
  const tone = (step: number): number => root * 2 ** (step / 11);
  // four chords of three notes, one per bar; a bass note per half beat
  const chords = Array.from({ length: 4 }, () => {
    const base = rnd.int(0, 10);
    return [base + 11, base + 11 + rnd.pick([3, 4]), base + 11 + rnd.pick([6, 7])].map(tone);
  });
  const bass = Array.from({ length: 8 }, () => tone(rnd.pick([0, 0, 3, 5, 7, -2])));
  const hatOn = Array.from({ length: 16 }, () => rnd.chance(0.7));
  const noise = createRandom(`unheard-noise:${seed}`);
  const out = new Float32Array(Math.round(seconds * sr));
  let hat = 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / sr;
    const b = t / beat;
    const tb = (b % 1) * beat;
    const kick =
      Math.sin(2 * Math.PI * (48 * tb + (110 * (1 - Math.exp(-30 * tb))) / 30)) * Math.exp(-7 * tb);
    const half = Math.floor(b * 2);
    const th = ((b * 2) % 1) * (beat / 2);
    const white = noise.next() * 2 - 1;
    hat = white - 0.6 * hat;
    const hats = half % 2 === 1 && hatOn[half % 16] ? hat * Math.exp(-45 * th) * 0.25 : 0;
    const f = bass[half % 8] ?? root;
    const bassLine =
      (Math.sin(2 * Math.PI * f * t) + 0.4 * Math.sin(4 * Math.PI * f * t)) * Math.exp(-4 * th) * 0.3;
    const chord = chords[Math.floor(b / 4) % 4] ?? [];
    let stab = 0;
    for (const c of chord) stab += Math.sin(2 * Math.PI * c * t) + 0.3 * Math.sin(6 * Math.PI * c * t);
    out[n] = 0.5 * kick + hats + bassLine + stab * 0.07 * (0.3 + 0.7 * Math.exp(-5 * tb));
  }
  return out;
}
