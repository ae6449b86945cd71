import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ambientStyle, type LoopStyle, loopStyle } from './audio-style';
import { synthLoop } from './audio-synth';
import {
  encodeSlices,
  FRAME_BYTES,
  FRAME_MS,
  FRAME_SAMPLES,
  SAMPLE_RATE,
  type SliceRequest,
} from './mp3-frames';

// A playable MP3 per demo set within the seed's budgets (docs/decisions/0015: ~45 s of CPU and
// ~270 MB for 40 sets of 15-30 minutes). Encoding a whole set would take minutes, so each track segment is one short loop:
// its frames are encoded once and repeated. Only the frames around a crossfade between segments and
// the file's fade in/out are encoded from the real mixed signal. Because every frame is self-contained
// (no bit reservoir, see mp3-frames.ts) the result is the same bitstream a full encode would produce
// in all but rounding.

export interface SetAudioSegment {
  startS: number;
  endS: number;
  seed: string;
  genre?: string;
  bpm?: number;
}

export interface RenderSetAudioOptions {
  outPath: string;
  durationMs: number;
  segments: SetAudioSegment[];
}

const CROSSFADE_SAMPLES = SAMPLE_RATE / 4; // each side of a segment boundary: a 0.5 s blend
const FADE_IN_SAMPLES = SAMPLE_RATE / 2;
const FADE_OUT_SAMPLES = SAMPLE_RATE * 2;
// A frame is a plain copy of its segment's loop only if this many frames around it are pure loop too
// (MDCT overlap and LAME's look-ahead reach into neighbouring frames).
const MARGIN_FRAMES = 2;
const SHORT_GAP_FRAMES = Math.round((20 * SAMPLE_RATE) / FRAME_SAMPLES);

interface Piece {
  key: string;
  style: LoopStyle;
  firstFrame: number;
  endFrame: number;
  loop?: Float32Array;
}

/** Frame-aligned length of the file rendered for `durationMs`. */
export function setAudioFrames(durationMs: number): number {
  return Math.max(1, Math.round(durationMs / FRAME_MS));
}

export async function renderSetAudio(
  opts: RenderSetAudioOptions,
): Promise<{ bytes: number; durationMs: number }> {
  const totalFrames = setAudioFrames(opts.durationMs);
  const expected = { bytes: totalFrames * FRAME_BYTES, durationMs: totalFrames * FRAME_MS };
  const existing = await stat(opts.outPath).catch(() => undefined);
  if (existing?.size === expected.bytes) return expected;

  const pieces = planPieces(opts.segments, totalFrames);
  const loopOf = (p: Piece): Float32Array => {
    p.loop ??= synthLoop(p.style, SAMPLE_RATE, FRAME_SAMPLES, p.key);
    return p.loop;
  };
  const totalSamples = totalFrames * FRAME_SAMPLES;
  const at = (p: Piece, n: number): number => {
    const loop = loopOf(p);
    const phase = (n - p.firstFrame * FRAME_SAMPLES) % loop.length;
    return loop[phase < 0 ? phase + loop.length : phase] ?? 0;
  };

  // The whole set as a signal: segment loops with crossfades whose gains sum to 1 (so two loops near
  // full scale never clip) and a fade at both ends.
  let cursor = 0;
  const sampleAt = (n: number): number => {
    if (n < 0 || n >= totalSamples) return 0;
    const frame = Math.floor(n / FRAME_SAMPLES);
    while (cursor > 0 && frame < (pieces[cursor]?.firstFrame ?? 0)) cursor--;
    while (cursor < pieces.length - 1 && frame >= (pieces[cursor]?.endFrame ?? 0)) cursor++;
    const cur = pieces[cursor];
    if (!cur) return 0;
    let v = at(cur, n);
    const next = pieces[cursor + 1];
    const prev = pieces[cursor - 1];
    const end = cur.endFrame * FRAME_SAMPLES;
    const start = cur.firstFrame * FRAME_SAMPLES;
    if (next && n >= end - CROSSFADE_SAMPLES) {
      const w = ((n - end + CROSSFADE_SAMPLES) / (2 * CROSSFADE_SAMPLES)) * (Math.PI / 2);
      v = v * Math.cos(w) ** 2 + at(next, n) * Math.sin(w) ** 2;
    } else if (prev && n < start + CROSSFADE_SAMPLES) {
      const w = ((n - start + CROSSFADE_SAMPLES) / (2 * CROSSFADE_SAMPLES)) * (Math.PI / 2);
      v = at(prev, n) * Math.cos(w) ** 2 + v * Math.sin(w) ** 2;
    }
    if (n < FADE_IN_SAMPLES) v *= n / FADE_IN_SAMPLES;
    if (n >= totalSamples - FADE_OUT_SAMPLES) v *= (totalSamples - n) / FADE_OUT_SAMPLES;
    return v;
  };

  // Frames inside a piece's pure range are copies of its loop's frames; every other frame (crossfades,
  // fades, short pieces) is encoded from the mix. Runs of the latter go through one encoder.
  const requests: SliceRequest[] = [];
  const copies: { piece: Piece; from: number; to: number; frames: Uint8Array }[] = [];
  let run = -1; // first frame of the pending run of mixed frames
  const endRun = (until: number): void => {
    if (run >= 0) requests.push({ sampleAt, firstFrame: run, frameCount: until - run });
    run = -1;
  };
  for (const piece of pieces) {
    const pure = pureRange(piece, pieces, totalFrames);
    if (pure.to <= pure.from) {
      if (run < 0) run = piece.firstFrame;
      continue;
    }
    if (run < 0 && pure.from > piece.firstFrame) run = piece.firstFrame;
    endRun(pure.from);
    copies.push({ piece, from: pure.from, to: pure.to, frames: loopFrames(piece, loopOf(piece)) });
    if (pure.to < piece.endFrame) run = pure.to;
  }
  endRun(totalFrames);

  const encoded = encodeSlices(requests);
  const out = new Uint8Array(expected.bytes);
  requests.forEach((r, i) => {
    out.set(encoded[i] ?? new Uint8Array(), r.firstFrame * FRAME_BYTES);
  });
  for (const { piece, from, to, frames } of copies) {
    const loopFrames = frames.length / FRAME_BYTES;
    for (let k = from; k < to; k++) {
      const j = (k - piece.firstFrame) % loopFrames;
      out.set(frames.subarray(j * FRAME_BYTES, (j + 1) * FRAME_BYTES), k * FRAME_BYTES);
    }
  }

  await mkdir(dirname(opts.outPath), { recursive: true });
  // Write then rename: an interrupted seed never leaves a file of the expected size behind.
  const partial = `${opts.outPath}.partial`;
  await writeFile(partial, out);
  await rename(partial, opts.outPath);
  return expected;
}

// Encoded loops by piece key: the demo seed plays the same track in several sets with the same seed.
// Each loop gets a fresh encoder, so its bytes never depend on what was encoded before it.
const loopCache = new Map<string, Uint8Array>();
const LOOP_CACHE_MAX = 4000; // ~4 KB each

/** The loop of one piece encoded so that its frame j is the loop at phase j frames. */
function loopFrames(piece: Piece, loop: Float32Array): Uint8Array {
  const cached = loopCache.get(piece.key);
  if (cached) return cached;
  const n = loop.length;
  const [frames] = encodeSlices([
    { sampleAt: (i) => loop[((i % n) + n) % n] ?? 0, firstFrame: 0, frameCount: n / FRAME_SAMPLES },
  ]);
  if (!frames) throw new Error('encoder returned no loop');
  if (loopCache.size >= LOOP_CACHE_MAX) loopCache.clear();
  loopCache.set(piece.key, frames);
  return frames;
}

/** Frames of `piece` that hold nothing but its own loop, away from crossfades and the file's fades. */
function pureRange(piece: Piece, pieces: Piece[], totalFrames: number): { from: number; to: number } {
  const i = pieces.indexOf(piece);
  const xf = Math.ceil(CROSSFADE_SAMPLES / FRAME_SAMPLES);
  let from = piece.firstFrame + (i > 0 ? xf : 0);
  let to = piece.endFrame - (i < pieces.length - 1 ? xf : 0);
  from = Math.max(from, Math.ceil(FADE_IN_SAMPLES / FRAME_SAMPLES));
  to = Math.min(to, totalFrames - Math.ceil(FADE_OUT_SAMPLES / FRAME_SAMPLES));
  return { from: from + MARGIN_FRAMES, to: to - MARGIN_FRAMES };
}

/** Track segments on the frame grid, with calm ambient loops wherever no track plays. */
function planPieces(segments: SetAudioSegment[], totalFrames: number): Piece[] {
  const toFrame = (s: number): number =>
    Math.min(totalFrames, Math.max(0, Math.round((s * SAMPLE_RATE) / FRAME_SAMPLES)));
  const sorted = [...segments].sort((a, b) => a.startS - b.startS);
  const pieces: Piece[] = [];
  let frame = 0;
  const fill = (until: number, seed: string): void => {
    if (until <= frame) return;
    const key = `ambient:${seed}`;
    pieces.push({ key, style: ambientStyle(key), firstFrame: frame, endFrame: until });
    frame = until;
  };
  let previousSeed = 'intro';
  for (const seg of sorted) {
    const first = Math.max(frame, toFrame(seg.startS));
    const end = toFrame(seg.endS);
    if (end <= first) continue;
    // A short gap is absorbed by the previous track (or the first track starts early): an ambient
    // piece costs two more crossfades and a loop to encode for a few seconds of sound.
    const last = pieces[pieces.length - 1];
    if (first - frame < SHORT_GAP_FRAMES) {
      if (last) last.endFrame = first;
      frame = last ? first : 0;
    }
    fill(first, `${previousSeed}:${seg.seed}`);
    const key = `track:${seg.seed}|${seg.genre ?? ''}|${seg.bpm ?? ''}`;
    pieces.push({ key, style: loopStyle(seg.seed, seg.genre, seg.bpm), firstFrame: first, endFrame: end });
    frame = end;
    previousSeed = seg.seed;
  }
  const last = pieces[pieces.length - 1];
  if (last && totalFrames - frame < SHORT_GAP_FRAMES) last.endFrame = totalFrames;
  else fill(totalFrames, `${previousSeed}:outro`);
  return pieces;
}
