// A draft's tracklist as the import reads it (docs/publishing.md): a CUE sheet (cue.ts, its INDEX
// times decided against the recording's length) or a pasted list (contribute-lines.ts, the reader the
// browser's tracklist suggestions use: times optional, every line's problem named). What it becomes
// is the import's batch, planned against the catalogue as `cratedig import` plans it, so the preview
// and the published set agree line for line.
import type { DraftTracklistLine, DraftTracklistPreview } from '@cratedig/contract/publish-api';
import { PUBLISH_LIMITS } from '@cratedig/contract/publish-api';
import type { Db } from '../../db/client';
import {
  type Batch,
  emptyBatch,
  type MediaSource,
  type SetInput,
  type SetTrackInput,
  type TrackInput,
} from './batch';
import { readPastedLines } from './contribute-lines';
import { type ParsedTrack, parseTrackText } from './credits';
import { parseCue, type SourceContext } from './cue';
import { normaliseName } from './normalise';
import { type NameIndexes, type Plan, planImport } from './plan';
import { settleTimes } from './sources';
import { linesOf } from './text-file';

/** How problems name where they are: "Tracklist: line 3: …". */
const NAME = 'Tracklist';
const CUE = /^\s*TRACK\s+\d+\s+AUDIO\b/im;

/** The set a draft's tracklist is read for: its details and recording as far as they are known. */
export interface DraftSet {
  ref: string;
  name: string | null;
  djs: string[];
  date: string | null;
  genre: SetInput['genre'];
  festival: string | null;
  venue: string | null;
  /** Unknown while the recording is processed: the times are then checked against the longest set. */
  durationMs: number | null;
  audio: MediaSource | null;
  art?: SetInput['art'];
  owned: NonNullable<SetInput['owned']>;
}

export interface ReadTracklist {
  kind: 'cue' | 'lines';
  text: string;
  timed: boolean;
  batch: Batch;
  set: SetInput;
  /** The tracks by line, for the preview: each entry's batch ref. */
  entries: { line: number; text: string; ref: string; parsed: ParsedTrack; start: number | null }[];
  skipped: { line: number; text: string; note: string }[];
  problems: string[];
}

const problemAt = (line: number, what: string) => `${NAME}: line ${line}: ${what}`;

/**
 * Why names cannot be filed, or undefined: a name of punctuation alone ('!!!') has no key the
 * catalogue can find it by (normalise.ts), so no artist can be made of it.
 */
export function unfileable(names: string[]): string | undefined {
  const bad = names.find((n) => normaliseName(n) === '');
  return bad === undefined
    ? undefined
    : `'${bad}' is no name Cratedig can file: write it with a letter or a digit`;
}

/** The artist line of a set played by several DJs, as its page shows them. */
export function djLine(djs: string[]): string {
  return djs.join(' & ');
}

/**
 * Reads the text into a batch of one set (the draft's) with its tracks, times settled against the
 * recording. Problems are listed, never thrown; with any, the batch must not be written.
 */
export async function readDraftTracklist(
  db: Db,
  indexes: NameIndexes,
  text: string,
  draft: DraftSet,
): Promise<ReadTracklist> {
  const durationMs = draft.durationMs ?? PUBLISH_LIMITS.maxDurationS * 1000;
  const set: SetInput = {
    ref: draft.ref,
    name: draft.name ?? 'Draft',
    artistLine: djLine(draft.djs) || 'ID',
    artists: draft.djs,
    date: draft.date ?? '1970-01-01',
    genre: draft.genre,
    durationMs,
    audio: draft.audio,
    ...(draft.art ? { art: draft.art } : {}),
    sponsors: [],
    festival: draft.festival,
    venue: draft.venue,
    tracks: [],
    lastEndsWithAudio: true,
    owned: draft.owned,
    origin: { file: NAME, at: '' },
  };
  const batch = emptyBatch();
  batch.sets.push(set);
  if (text.trim() === '') {
    return { kind: 'lines', text, timed: false, batch, set, entries: [], skipped: [], problems: [] };
  }
  return CUE.test(text)
    ? await readCue(db, indexes, text, draft, set, batch)
    : await readLines(db, indexes, text, set, batch);
}

/** Whole artist lines the catalogue knows, so 'Above & Beyond' stays one artist as the import keeps it. */
async function knownLines(db: Db, indexes: NameIndexes, lines: string[]): Promise<(name: string) => boolean> {
  const known = await indexes.lookup(db, 'artists', lines);
  return (name) => known.has(normaliseName(name));
}

async function readCue(
  db: Db,
  indexes: NameIndexes,
  text: string,
  draft: DraftSet,
  set: SetInput,
  batch: Batch,
): Promise<ReadTracklist> {
  const source = (parseTrack: SourceContext['parseTrack']): SourceContext => ({
    name: NAME,
    path: `/${draft.ref}.cue`,
    parseTrack,
    draft: { recording: `/${draft.ref}`, title: set.name, performer: set.artistLine },
  });
  // As readSources does: first which artist lines the sheet writes, then the sheet read knowing them.
  const lines: string[] = [];
  parseCue(
    text,
    source((t) =>
      parseTrackText(t, (line) => {
        lines.push(line);
        return false;
      }),
    ),
    emptyBatch(),
    [],
  );
  const isKnown = await knownLines(db, indexes, lines);
  const read = emptyBatch();
  const problems: string[] = [];
  parseCue(
    text,
    source((t) => parseTrackText(t, isKnown)),
    read,
    problems,
  );
  const sheet = read.sets[0];
  const entries: ReadTracklist['entries'] = [];
  if (sheet) {
    set.tracks = sheet.tracks;
    if (sheet.cueIndexes) set.cueIndexes = sheet.cueIndexes;
    settleTimes(set, problems);
    const textLines = linesOf(text);
    for (const [i, track] of read.tracks.entries()) {
      const line = Number(/line (\d+)/.exec(track.origin.at)?.[1] ?? 0);
      const unnamed = unfileable(track.credits.map((c) => c.name));
      if (unnamed) problems.push(problemAt(line, unnamed));
      const parsed: ParsedTrack = {
        artistLine: track.artistLine,
        title: track.title,
        mixType: track.mixType,
        mixName: track.mixName,
        version: null,
        credits: track.credits,
        labelName: track.labelName,
      };
      entries.push({
        line,
        text: textLines[line - 1]?.trim() ?? '',
        ref: adopt(track, set, batch),
        parsed,
        start: Number.isFinite(set.tracks[i]?.start) ? (set.tracks[i]?.start ?? null) : null,
      });
    }
  }
  return { kind: 'cue', text, timed: true, batch, set, entries, skipped: [], problems };
}

/** A track the reader made, taken into the draft's batch: an ID is first heard in the draft's set. */
function adopt(track: TrackInput, set: SetInput, batch: Batch): string {
  const ref = `${set.ref}#${batch.tracks.length + 1}`;
  batch.tracks.push({
    ...track,
    ref,
    ...(track.mixType === 'ID' ? { foundInSet: set.ref, genre: set.genre } : {}),
  });
  const placed = set.tracks.find((st) => st.trackRef === track.ref);
  if (placed) placed.trackRef = ref;
  return ref;
}

async function readLines(
  db: Db,
  indexes: NameIndexes,
  text: string,
  set: SetInput,
  batch: Batch,
): Promise<ReadTracklist> {
  const read = readPastedLines(text);
  const problems = read.problems.map((p) => problemAt(p.line, p.reason));
  const lines: string[] = [];
  for (const e of read.entries)
    parseTrackText(e.body, (line) => {
      lines.push(line);
      return false;
    });
  const isKnown = await knownLines(db, indexes, lines);
  const entries: ReadTracklist['entries'] = [];
  const tracks: SetTrackInput[] = [];
  const starts: (number | undefined)[] = [];
  for (const e of read.entries) {
    const parsed = parseTrackText(e.body, isKnown);
    if (!parsed) {
      problems.push(problemAt(e.line, `'${e.body}' is not 'Artist - Title'`));
      continue;
    }
    const unnamed = unfileable(parsed.credits.map((c) => c.name));
    if (unnamed) problems.push(problemAt(e.line, unnamed));
    const ref = `${set.ref}#${batch.tracks.length + 1}`;
    const origin = { file: NAME, at: `line ${e.line}` };
    batch.tracks.push({
      ref,
      title: parsed.title,
      artistLine: parsed.artistLine,
      credits: parsed.credits,
      mixType: parsed.mixType,
      mixName: parsed.mixName,
      labelName: parsed.labelName,
      origin,
      ...(parsed.mixType === 'ID' ? { foundInSet: set.ref, genre: set.genre } : {}),
    });
    tracks.push({
      trackRef: ref,
      start: e.start ?? 0,
      end: Number.NaN,
      ...(e.together ? { together: true } : {}),
      origin,
    });
    starts.push(e.together ? undefined : e.start);
    entries.push({ line: e.line, text: e.text, ref, parsed, start: e.start ?? null });
  }
  // A track ends where the next one not played with it starts (the last one with the recording).
  tracks.forEach((st, i) => {
    const next = starts.slice(i + 1).find((s) => s !== undefined);
    st.end = next ?? Number.NaN;
  });
  set.tracks = tracks;
  if (!read.timed) set.untimed = true;
  if (problems.length === 0) settleTimes(set, problems);
  const skipped = read.skipped.map((s) => ({ line: s.line, text: s.text, note: s.reason }));
  return { kind: 'lines', text, timed: read.timed, batch, set, entries, skipped, problems };
}

/** What each line becomes, from the reading and its plan against the catalogue. */
export function previewOf(
  read: ReadTracklist,
  plan: Plan,
  problemLines: Map<number, string>,
): DraftTracklistPreview {
  const newArtists = new Set(plan.artists.created.map((c) => c.key));
  const newLabels = new Set(plan.labels.created.map((c) => c.key));
  const lines: DraftTracklistLine[] = read.entries.map((e) => {
    const isId = e.parsed.mixType === 'ID';
    const key = plan.trackKeyOf.get(e.ref);
    return {
      line: e.line,
      text: e.text,
      outcome: isId ? 'id' : 'track',
      start_time: e.start === null ? null : Math.round(e.start),
      artist: e.parsed.artistLine,
      title: e.parsed.title,
      mix_name: e.parsed.mixName,
      label_name: e.parsed.labelName,
      track_meta_id: isId || key === undefined ? null : (plan.matchedTracks.get(key) ?? null),
      new_artists: isId
        ? []
        : unique(e.parsed.credits.map((c) => c.name).filter((n) => newArtists.has(normaliseName(n)))),
      new_labels:
        e.parsed.labelName && newLabels.has(normaliseName(e.parsed.labelName)) ? [e.parsed.labelName] : [],
      note: problemLines.get(e.line) ?? null,
    };
  });
  const shown = new Set(lines.map((l) => l.line));
  for (const s of read.skipped) lines.push({ ...blank(s.line, s.text), note: s.note });
  // A line refused names its problem where it stands, as well as in the list of problems.
  for (const [line, note] of problemLines)
    if (!shown.has(line)) lines.push({ ...blank(line, textAt(read, line)), note });
  lines.sort((a, b) => a.line - b.line);
  return { kind: read.kind, timed: read.timed, lines, problems: read.problems };
}

function blank(line: number, text: string): DraftTracklistLine {
  return {
    line,
    text,
    outcome: 'skipped',
    start_time: null,
    artist: null,
    title: null,
    mix_name: null,
    label_name: null,
    track_meta_id: null,
    new_artists: [],
    new_labels: [],
    note: null,
  };
}

/** The problems that name a line, by line (the first for each). */
export function problemsByLine(problems: string[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const p of problems) {
    const m = /^Tracklist: line (\d+): (.*)$/s.exec(p);
    const line = Number(m?.[1]);
    if (m?.[2] && line > 0 && !out.has(line)) out.set(line, m[2]);
  }
  return out;
}

function textAt(read: ReadTracklist, line: number): string {
  return linesOf(read.text)[line - 1]?.trim() ?? '';
}

function unique(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(normaliseName(name))) seen.set(normaliseName(name), name);
  return [...seen.values()];
}

/** Plans the draft's batch against the catalogue (reads only). */
export async function planDraft(db: Db, read: ReadTracklist, indexes: NameIndexes): Promise<Plan> {
  return await planImport(db, read.batch, indexes);
}
