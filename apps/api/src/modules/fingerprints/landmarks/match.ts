// Finding a stretch of audio in other sets, however it was played (docs/fingerprints.md, "Matching").
// Every query landmark is looked up by its keys; each posting found is a hit: a query time and a set's
// time, with the first peak's frequency and the triplet's span on both sides. A copy played at speed
// s puts its hits on one line, set time = query time / s + offset, with every key moved by the same
// interval (none with key lock). So hits are counted per set on a grid of speeds and offsets, the best
// cells are fitted, and a match is kept only when enough landmarks agree on one speed, one offset and
// one key.
import type { QueryLandmark } from './hashes';
import { MAX_KEY_SHIFT, MAX_SPEED_CHANGE, unpackDetail } from './hashes';
import { FRAME_S, type Peak, semitonesOf } from './peaks';

/** One indexed landmark of a set, as the index answers a key. */
export interface Posting {
  key: number;
  setId: number;
  /** Frame of the landmark's first peak. */
  t: number;
  /** The first peak's frequency and the span (packDetail). */
  detail: number;
}

export interface LandmarkSource {
  /** The postings of these keys, from the index, leaving out the sets given. */
  lookup(keys: number[], exceptSets: number[]): Promise<Posting[]>;
  /** A set's peaks in time order, or undefined when it has none. */
  peaks(setId: number): Promise<Peak[] | undefined>;
}

/** What is looked for: a stretch's peaks, and the landmarks made of them. */
export interface LandmarkQuery {
  peaks: Peak[];
  landmarks: QueryLandmark[];
}

export interface LandmarkMatch {
  setId: number;
  /** Seconds into the query where the agreeing landmarks start and end. */
  queryStartS: number;
  queryEndS: number;
  /** The same stretch in the set, in seconds. */
  startS: number;
  endS: number;
  /** How fast the set's copy plays against the query: 1.04 is 4 % faster. */
  speed: number;
  /** Semitones the copy's key moved against the query's. */
  keyShift: number;
  /** The copy plays at another speed in the query's key (tempo only). */
  keyLocked: boolean;
  /** Landmarks of the query that agree (distinct first peaks). */
  agreeing: number;
  /** Share of the query's peaks in the stretch that the copy has at the fitted place. */
  similarity: number;
}

export interface LandmarkMatchOptions {
  /** Sets never matched (the query's own). */
  exceptSets?: number[];
  /** Fewest agreeing landmarks that make a match. */
  minAgreeing?: number;
  /** Shortest stretch that counts, in seconds. */
  minSeconds?: number;
  /** Several stretches per set (a whole set scanned against the others); otherwise the best one. */
  several?: boolean;
  /** How far past its agreeing landmarks a stretch may reach while the copy is still heard (s). */
  reachS?: number;
}

interface Hit {
  /** Query and set frames. */
  qt: number;
  rt: number;
  /** The set's key minus the query's, in semitones. */
  shift: number;
  /** The set's span over the query's: 1 / speed, roughly. */
  scale: number;
  /** The query landmark's span, in frames: how far its own scale can be trusted. */
  span: number;
  /** Index of the query landmark. */
  q: number;
}

const SPEED_STEP = 0.005;
const OFFSET_BIN = Math.round(0.25 / FRAME_S);
const INLIER_FRAMES = 3;
const SHIFT_TOLERANCE = 0.6;
/** Semitones a copy's key may sit from where key lock or the pitch fader puts it. */
const KEY_TOLERANCE = 0.35;
/** Agreeing landmarks further apart than this in the query are two stretches. */
const GAP_S = 20;
const MIN_AGREEING = 10;
/** A set is done with after this many rounds in a row find nothing heard. */
const MAX_UNHEARD_ROUNDS = 2;

export async function findLandmarkMatches(
  { peaks: queryPeaks, landmarks: query }: LandmarkQuery,
  source: LandmarkSource,
  opts: LandmarkMatchOptions = {},
): Promise<LandmarkMatch[]> {
  const byKey = new Map<number, number[]>();
  query.forEach((q, i) => {
    for (const key of q.keys) {
      const list = byKey.get(key);
      if (list) list.push(i);
      else byKey.set(key, [i]);
    }
  });
  if (byKey.size === 0) return [];
  const found = await source.lookup([...byKey.keys()], opts.exceptSets ?? []);
  // a scan asks thousands of keys at once; a single stretch asks few enough to keep them all
  const postings = opts.several ? withoutHotKeys(found) : found;
  const hitsBySet = new Map<number, Hit[]>();
  const minScale = 1 / (1 + MAX_SPEED_CHANGE);
  const maxScale = 1 / (1 - MAX_SPEED_CHANGE);
  for (const p of postings) {
    const { f, span } = unpackDetail(p.detail);
    for (const i of byKey.get(p.key) ?? []) {
      const q = query[i] as QueryLandmark;
      const scale = span / q.span;
      const shift = f - q.f;
      // a hit whose own span and key already say "too fast" or "too far off key" is noise
      if (scale < minScale * 0.9 || scale > maxScale * 1.1 || Math.abs(shift) > MAX_KEY_SHIFT + 0.5) continue;
      let hits = hitsBySet.get(p.setId);
      if (!hits) {
        hits = [];
        hitsBySet.set(p.setId, hits);
      }
      hits.push({ qt: q.t, rt: p.t, shift, scale, span: q.span, q: i });
    }
  }
  const minAgreeing = opts.minAgreeing ?? MIN_AGREEING;
  const minFrames = (opts.minSeconds ?? 8) / FRAME_S;
  const out: LandmarkMatch[] = [];
  // a copy's agreeing hits lie within the query's length (at the slowest speed) of the set; a set
  // whose hits are spread thinner than that anywhere is other music, and is not voted on
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const q of query) {
    first = Math.min(first, q.t);
    last = Math.max(last, q.t);
  }
  const reach = (last - first) / (1 - MAX_SPEED_CHANGE) + 2 * OFFSET_BIN;
  const sets = [...hitsBySet.entries()]
    .filter(([, hits]) => hits.length >= minAgreeing && denseSomewhere(hits, minAgreeing, reach))
    .sort((a, b) => b[1].length - a[1].length || a[0] - b[0]);
  for (const [setId, hits] of sets) {
    let left = hits;
    let copyPeaks: Peak[] | undefined;
    let unheard = 0;
    for (let round = 0; round < (opts.several ? 64 : 3); round++) {
      // the best-voted alignments, each verified: music that repeats itself (a loop, a bar played
      // again) votes for several, and the one whose stretch is heard longest is the copy
      let chosen: { line: Line; matches: Omit<LandmarkMatch, 'setId'>[]; heard: number } | undefined;
      for (const line of candidateLines(left, minAgreeing, MAX_FITS)) {
        const matches: Omit<LandmarkMatch, 'setId'>[] = [];
        for (const stretch of stretchesOf(line, minAgreeing, minFrames)) {
          copyPeaks ??= (await source.peaks(setId)) ?? [];
          const checked = verify(stretch, line, queryPeaks, copyPeaks, minFrames, opts.reachS ?? REACH_S);
          if (checked) matches.push(checked);
        }
        const heard = matches.reduce((sum, m) => sum + (m.queryEndS - m.queryStartS) * m.similarity, 0);
        if (!chosen || heard > chosen.heard) chosen = { line, matches, heard };
      }
      if (!chosen) break;
      const used = new Set<Hit>(chosen.line.inliers);
      const explained: [number, number][] = [];
      for (const m of chosen.matches) {
        out.push({ setId, ...m });
        explained.push([m.queryStartS / FRAME_S, m.queryEndS / FRAME_S]);
      }
      // a stretch of the query this set explains is done with: its other hits there are the same
      // audio at another alignment, not another match
      left = left.filter((h) => !used.has(h) && !explained.some(([a, b]) => h.qt >= a && h.qt <= b));
      if (left.length < minAgreeing || (!opts.several && out.some((m) => m.setId === setId))) break;
      // rounds whose best alignments are none of them heard: what is left is this set's noise
      unheard = chosen.matches.length > 0 ? 0 : unheard + 1;
      if (unheard >= MAX_UNHEARD_ROUNDS) break;
    }
  }
  if (!opts.several) {
    // one match per set: its longest stretch
    const best = new Map<number, LandmarkMatch>();
    for (const m of out) {
      const previous = best.get(m.setId);
      if (!previous || m.agreeing > previous.agreeing) best.set(m.setId, m);
    }
    return [...best.values()].sort((a, b) => b.similarity - a.similarity || a.setId - b.setId);
  }
  return out.sort((a, b) => a.queryStartS - b.queryStartS || a.setId - b.setId);
}

/** Whether `count` hits lie within `reach` frames of the set somewhere. */
function denseSomewhere(hits: Hit[], count: number, reach: number): boolean {
  const times = hits.map((h) => h.rt).sort((a, b) => a - b);
  for (let i = count - 1; i < times.length; i++)
    if ((times[i] as number) - (times[i - count + 1] as number) <= reach) return true;
  return false;
}

/**
 * A key posted far more often than the query's others says little about where its landmark is (a
 * common interval pattern: the same chord, a steady hat) and costs the most hits: in a scan, the
 * postings of the most posted tenth of the keys are left out, unless they are few anyway.
 */
const HOT_KEY_SHARE = 0.9;
const HOT_KEY_FLOOR = 64;

function withoutHotKeys(postings: Posting[]): Posting[] {
  const perKey = new Map<number, number>();
  for (const p of postings) perKey.set(p.key, (perKey.get(p.key) ?? 0) + 1);
  const counts = [...perKey.values()].sort((a, b) => a - b);
  const limit = Math.max(HOT_KEY_FLOOR, counts[Math.floor(counts.length * HOT_KEY_SHARE)] ?? 0);
  if ((counts.at(-1) ?? 0) <= limit) return postings;
  return postings.filter((p) => (perKey.get(p.key) ?? 0) <= limit);
}

interface Line {
  scale: number;
  offset: number;
  shift: number;
  inliers: Hit[];
}

/** Alignments verified per round: the best-voted cells of speed and offset, apart from each other. */
const CANDIDATES = 4;
/** Cells fitted per vote, at most: past the best-voted few, a cell is noise. */
const MAX_FITS = 8 * CANDIDATES;

/** The speeds and offsets most hits agree on, each fitted, with the hits that lie on it. */
function candidateLines(hits: Hit[], minAgreeing: number, maxFits: number): Line[] {
  const minScale = 1 / (1 + MAX_SPEED_CHANGE);
  const maxScale = 1 / (1 - MAX_SPEED_CHANGE);
  const steps = Math.ceil((maxScale - minScale) / SPEED_STEP);
  // the grid: a row of offsets per speed step, wide enough for every hit's offsets
  let loBin = Number.POSITIVE_INFINITY;
  let hiBin = Number.NEGATIVE_INFINITY;
  for (const h of hits) {
    loBin = Math.min(loBin, Math.floor((h.rt - maxScale * h.qt) / OFFSET_BIN));
    hiBin = Math.max(hiBin, Math.floor((h.rt - minScale * h.qt) / OFFSET_BIN));
  }
  if (!Number.isFinite(loBin)) return [];
  const width = hiBin - loBin + 1;
  const votes = voteGrid((steps + 1) * width);
  for (const h of hits) {
    // the hit's own span ratio is a rough speed (both spans measured to about a frame): vote near it
    const spread = Math.max(0.02, 1.5 / h.span);
    const lo = Math.max(0, Math.floor((h.scale * (1 - spread) - minScale) / SPEED_STEP));
    const hi = Math.min(steps, Math.ceil((h.scale * (1 + spread) - minScale) / SPEED_STEP));
    for (let s = lo; s <= hi; s++) {
      const scale = minScale + s * SPEED_STEP;
      const bin = Math.floor((h.rt - scale * h.qt) / OFFSET_BIN) - loBin;
      votes[s * width + bin] = (votes[s * width + bin] ?? 0) + 1;
    }
  }
  const threshold = minAgreeing * 0.6;
  const cells: number[] = [];
  for (let c = 0; c < (steps + 1) * width; c++) if ((votes[c] ?? 0) >= threshold) cells.push(c);
  cells.sort((a, b) => (votes[b] ?? 0) - (votes[a] ?? 0) || a - b);
  const lines: Line[] = [];
  const taken: { scale: number; offset: number }[] = [];
  let fits = 0;
  for (const cell of cells) {
    // each fit reads every hit: in music that repeats itself, cell after cell fails the key check
    if (lines.length >= CANDIDATES || fits >= maxFits) break;
    const s = Math.floor(cell / width);
    const scale = minScale + s * SPEED_STEP;
    const offset = ((cell % width) + loBin + 0.5) * OFFSET_BIN;
    // a neighbouring cell of one already taken is the same alignment
    if (
      taken.some(
        (t) => Math.abs(t.offset - offset) <= 2 * OFFSET_BIN && Math.abs(t.scale - scale) <= 2 * SPEED_STEP,
      )
    )
      continue;
    taken.push({ scale, offset });
    fits += 1;
    const line = fitted(hits, scale, offset, minAgreeing);
    if (line) lines.push(line);
  }
  return lines;
}

/** One grid of votes, reused (and cleared) from call to call: the matcher runs one vote at a time. */
let grid = new Int32Array(0);
function voteGrid(size: number): Int32Array {
  if (grid.length < size) grid = new Int32Array(Math.max(size, grid.length * 2));
  grid.fill(0, 0, size);
  return grid;
}

/** The line through a cell, fitted to the hits near it (least squares), with the hits on it. */
function fitted(hits: Hit[], cellScale: number, cellOffset: number, minAgreeing: number): Line | undefined {
  const minScale = 1 / (1 + MAX_SPEED_CHANGE);
  let scale = cellScale;
  let offset = cellOffset;
  let inliers = hits.filter((h) => Math.abs(h.rt - (scale * h.qt + offset)) <= OFFSET_BIN);
  for (let pass = 0; pass < 2; pass++) {
    const fit = fitLine(inliers);
    if (fit && fit.scale > minScale * 0.98 && fit.scale < (1 / (1 - MAX_SPEED_CHANGE)) * 1.02) {
      scale = fit.scale;
      offset = fit.offset;
    }
    inliers = hits.filter((h) => Math.abs(h.rt - (scale * h.qt + offset)) <= INLIER_FRAMES);
  }
  const shift = median(inliers.map((h) => h.shift));
  // A DJ's copy keeps the key (key lock) or moves it with the speed (a pitch fader): any other key
  // is other music that happens to line up
  const fader = 12 * Math.log2(1 / scale);
  if (Math.abs(shift) > KEY_TOLERANCE && Math.abs(shift - fader) > KEY_TOLERANCE) return undefined;
  inliers = inliers.filter((h) => Math.abs(h.shift - shift) <= SHIFT_TOLERANCE);
  if (distinctQueries(inliers) < minAgreeing) return undefined;
  return { scale, offset, shift, inliers: inliers.sort((a, b) => a.qt - b.qt) };
}

function fitLine(hits: Hit[]): { scale: number; offset: number } | undefined {
  if (hits.length < 3) return undefined;
  let mx = 0;
  let my = 0;
  for (const h of hits) {
    mx += h.qt;
    my += h.rt;
  }
  mx /= hits.length;
  my /= hits.length;
  let sxx = 0;
  let sxy = 0;
  for (const h of hits) {
    sxx += (h.qt - mx) ** 2;
    sxy += (h.qt - mx) * (h.rt - my);
  }
  // a short stretch says little about the speed: keep the grid's
  if (sxx < (5 / FRAME_S) ** 2 * hits.length) return undefined;
  const scale = sxy / sxx;
  return { scale, offset: my - scale * mx };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function distinctQueries(hits: Hit[]): number {
  return new Set(hits.map((h) => h.q)).size;
}

interface Stretch {
  /** Query frames of the first and last agreeing landmark. */
  q0: number;
  q1: number;
  agreeing: number;
}

/** The line's agreeing hits cut into stretches where they follow each other closely. */
function stretchesOf(line: Line, minAgreeing: number, minFrames: number): Stretch[] {
  const out: Stretch[] = [];
  const gap = GAP_S / FRAME_S;
  let from = 0;
  for (let i = 1; i <= line.inliers.length; i++) {
    const end =
      i === line.inliers.length || (line.inliers[i] as Hit).qt - (line.inliers[i - 1] as Hit).qt > gap;
    if (!end) continue;
    const run = line.inliers.slice(from, i);
    from = i;
    const agreeing = distinctQueries(run);
    const q0 = (run[0] as Hit).qt;
    const q1 = (run.at(-1) as Hit).qt;
    if (agreeing < minAgreeing || q1 - q0 < minFrames) continue;
    out.push({ q0, q1, agreeing });
  }
  return out;
}

/**
 * Seconds of the verification's windows, and the share of peaks a window needs to count as heard:
 * around the agreeing landmarks, and at the stretch's ends, where a crossfade brings the track in
 * under another (a random place agrees in well under 10 % of its peaks).
 */
const WINDOW_S = 2;
const WINDOW_HEARD = 0.3;
const EDGE_HEARD = 0.15;
/**
 * The lowest octave (130-260 Hz) is left out of the verification: it holds the kick drum, which two
 * tracks of the same tempo share once a DJ has matched their beats, and a bass cut takes it anyway.
 */
const VERIFY_FROM = semitonesOf(260);
/** Seconds each end of a stretch is widened by: what a crossfade hides of it. */
const WIDEN_S = 3;
/** How far past the agreeing landmarks the stretch may reach (a crossfade's quiet start). */
const REACH_S = 16;
/** The share of the query's peaks a copy must have over the whole stretch. */
export const MIN_PEAK_SHARE = 0.6;

/**
 * Checks a stretch against the copy's own peaks: the query's peaks, moved by the fitted speed, offset
 * and key, must be found in the copy (within about a frame and half a semitone). Window by window, so
 * the stretch reaches into a crossfade as far as the copy is still heard, and no further.
 */
function verify(
  stretch: Stretch,
  line: Line,
  queryPeaks: Peak[],
  copyPeaks: Peak[],
  minFrames: number,
  reachS: number,
): Omit<LandmarkMatch, 'setId'> | undefined {
  const window = WINDOW_S / FRAME_S;
  const reach = reachS / FRAME_S;
  const first = queryPeaks[0]?.t ?? 0;
  const last = queryPeaks.at(-1)?.t ?? 0;
  const from = Math.max(first, stretch.q0 - reach);
  const to = Math.min(last, stretch.q1 + reach);
  const windows: { heard: number; all: number }[] = [];
  for (let w = from; w < to; w += window) windows.push({ heard: 0, all: 0 });
  for (const p of queryPeaks) {
    if (p.t < from || p.t >= to || p.f < VERIFY_FROM) continue;
    const slot = windows[Math.floor((p.t - from) / window)];
    if (!slot) continue;
    slot.all += 1;
    if (heardIn(copyPeaks, line.scale * p.t + line.offset, p.f + line.shift)) slot.heard += 1;
  }
  const heard = (w: { heard: number; all: number } | undefined) =>
    !!w && w.all > 0 && w.heard / w.all >= WINDOW_HEARD;
  const edge = (w: { heard: number; all: number } | undefined) =>
    !!w && w.all > 0 && w.heard / w.all >= EDGE_HEARD;
  // the stretch is the longest run of heard windows (one unheard window inside a run is a break),
  // whatever stray landmarks agreed around it
  let lo = -1;
  let hi = -2;
  for (let start = 0; start < windows.length; start++) {
    if (!heard(windows[start])) continue;
    let end = start;
    while (heard(windows[end + 1]) || (heard(windows[end + 2]) && end + 2 < windows.length))
      end += heard(windows[end + 1]) ? 1 : 2;
    if (end - start > hi - lo) {
      lo = start;
      hi = end;
    }
    start = end;
  }
  if (lo < 0) return undefined;
  // into the crossfades: while the copy is still heard, if faintly (one faint window may be a gap)
  let edgeLo = lo;
  while (edgeLo > 0 && (edge(windows[edgeLo - 1]) || edge(windows[edgeLo - 2])))
    edgeLo -= edge(windows[edgeLo - 1]) ? 1 : 2;
  let edgeHi = hi;
  while (edgeHi < windows.length - 1 && (edge(windows[edgeHi + 1]) || edge(windows[edgeHi + 2])))
    edgeHi += edge(windows[edgeHi + 1]) ? 1 : 2;
  let heardPeaks = 0;
  let allPeaks = 0;
  for (let w = lo; w <= hi; w++) {
    heardPeaks += windows[w]?.heard ?? 0;
    allPeaks += windows[w]?.all ?? 0;
  }
  const share = allPeaks === 0 ? 0 : heardPeaks / allPeaks;
  // A crossfade hides a track's first and last seconds under its neighbour: it is heard some seconds
  // after it starts sounding (about half a 10-16 s crossfade), so each end is widened by WIDEN_S.
  const widen = WIDEN_S / FRAME_S;
  const q0 = Math.max(from, from + edgeLo * window - widen);
  const q1 = Math.min(to, from + (edgeHi + 1) * window + widen);
  if (share < MIN_PEAK_SHARE || q1 - q0 < minFrames) return undefined;
  const speed = 1 / line.scale;
  const keyChange = 12 * Math.log2(speed);
  return {
    queryStartS: round1(q0 * FRAME_S),
    queryEndS: round1(q1 * FRAME_S),
    startS: round1(Math.max(0, line.scale * q0 + line.offset) * FRAME_S),
    endS: round1((line.scale * q1 + line.offset) * FRAME_S),
    speed: Math.round(speed * 1000) / 1000,
    keyShift: Math.round(line.shift * 100) / 100,
    keyLocked: Math.abs(keyChange) >= 0.3 && Math.abs(line.shift) < Math.abs(keyChange) / 2,
    agreeing: stretch.agreeing,
    similarity: Math.round(share * 1000) / 1000,
  };
}

/** Whether the copy has a peak within about a frame and half a semitone of (t, f). */
function heardIn(peaks: Peak[], t: number, f: number): boolean {
  let lo = 0;
  let hi = peaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((peaks[mid] as Peak).t < t - 1.5) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < peaks.length && (peaks[i] as Peak).t <= t + 1.5; i++) {
    if (Math.abs((peaks[i] as Peak).f - f) <= 0.5) return true;
  }
  return false;
}

const round1 = (s: number): number => Math.round(s * 10) / 10;
