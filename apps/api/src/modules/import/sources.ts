// Reading the operator's files into one batch and checking everything that needs no database: the
// file formats, genres, dates, the audio (an MP3, its duration) and artwork, and the set track times.
// Any problem refuses the whole import before a row or a media file is written.
import { relative } from 'node:path';
import { type Batch, clockOf, emptyBatch, ImportRefusal, outOfOrder, problem, type SetInput } from './batch';
import { parseTrackText } from './credits';
import { parseCue, type SourceContext } from './cue';
import { indexStyleOf, secondsOf } from './cue-index';
import type { DjTrack } from './dj-metadata';
import { djSidecarOf, historyStarts, withDjMetadata } from './dj-sidecar';
import { parseCatalogueJson } from './json-source';
import { mediaPathFor, probeAudio, probeImage } from './media';
import { normaliseName } from './normalise';
import { type AudioTags, fillFromAudio } from './set-facts';
import { readTextFile } from './text-file';
import { parseTracklist } from './tracklist';

/** A media file checked and ready to copy: where it comes from and the site path it will have. */
export interface MediaFile {
  source: string;
  sitePath: string;
}

export interface ReadBatch {
  batch: Batch;
  /** Checked media by source path. */
  media: Map<string, MediaFile>;
  files: number;
  /** What the run did that the operator should know of, as `file: line N: …` (a set left without a genre). */
  notes: string[];
}

export const SOURCE_EXTENSIONS = ['.json', '.cue', '.txt'] as const;

type Parser = (text: string, source: SourceContext, into: Batch, problems: string[]) => void;

function parserFor(path: string): Parser | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.json')) return parseCatalogueJson;
  if (lower.endsWith('.cue')) return parseCue;
  if (lower.endsWith('.txt')) return parseTracklist;
  return undefined;
}

/**
 * `knownArtists` answers which of the artist lines the sources write are artists the catalogue has
 * (normalised keys), so 'Above & Beyond' stays one artist while 'Bicep & Hammer' is two.
 */
export async function readSources(
  paths: string[],
  cwd: string,
  knownArtists: (lines: string[]) => Promise<Set<string>>,
  progress?: (done: number, total: number) => void,
  defaults?: SourceContext['defaults'],
): Promise<ReadBatch> {
  const problems: string[] = [];
  const texts: { path: string; name: string; text: string; parse: Parser; dj?: DjTrack[] }[] = [];
  for (const path of paths) {
    const name = relative(cwd, path) || path;
    const parse = parserFor(path);
    if (!parse) {
      problems.push(
        problem({ file: name, at: '' }, 'not a catalogue file (.json), CUE sheet (.cue) or tracklist (.txt)'),
      );
      continue;
    }
    try {
      const dj = parse === parseCatalogueJson ? undefined : djSidecarOf(path);
      texts.push({ path, name, text: await readTextFile(path), parse, ...(dj ? { dj } : {}) });
    } catch (error) {
      problems.push(
        problem({ file: name, at: '' }, `cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`),
      );
    }
  }
  // First pass: which whole artist lines do the sources write?
  const lines = new Set<string>();
  for (const t of texts) {
    const source: SourceContext = {
      name: t.name,
      path: t.path,
      ...(defaults ? { defaults } : {}),
      parseTrack: withDjMetadata(t.dj, (text) =>
        parseTrackText(text, (line) => {
          lines.add(line);
          return false;
        }),
      ),
    };
    t.parse(t.text, source, emptyBatch(), []);
  }
  const known = await knownArtists([...lines]);
  const batch = emptyBatch();
  let done = 0;
  for (const t of texts) {
    const isKnown = (line: string) => known.has(normaliseName(line));
    const history = historyStarts(t.dj);
    t.parse(
      t.text,
      {
        name: t.name,
        path: t.path,
        ...(defaults ? { defaults } : {}),
        parseTrack: withDjMetadata(t.dj, (text) => parseTrackText(text, isKnown)),
        ...(history ? { history } : {}),
      },
      batch,
      problems,
    );
    progress?.(++done, texts.length);
  }
  const { media, tags } = await checkMedia(batch, cwd, problems);
  const notes: string[] = [];
  for (const set of batch.sets) {
    fillFromAudio(set, tags.get(set.ref), batch, problems, notes);
    settleTimes(set, problems);
  }
  if (problems.length > 0) throw new ImportRefusal(problems);
  return { batch, media, files: paths.length, notes };
}

async function checkMedia(
  batch: Batch,
  cwd: string,
  problems: string[],
): Promise<{ media: Map<string, MediaFile>; tags: Map<string, AudioTags> }> {
  const media = new Map<string, MediaFile>();
  const tags = new Map<string, AudioTags>();
  const shown = (path: string) => relative(cwd, path) || path;
  for (const set of batch.sets) {
    const audio = set.audio;
    if (audio?.kind === 'file') {
      const facts = await probeAudio(audio.path);
      if (typeof facts === 'string') {
        problems.push(problem(audio.origin, facts.replace(audio.path, shown(audio.path))));
      } else {
        set.durationMs = facts.durationMs;
        tags.set(set.ref, facts.tags);
        media.set(audio.path, {
          source: audio.path,
          sitePath: mediaPathFor('audio', facts.hash, audio.path),
        });
      }
    } else if (set.durationMs === undefined) {
      problems.push(
        problem(set.origin, 'no duration: give "duration" (ms) or an audio file to read it from'),
      );
    }
  }
  const pictures = [
    ...batch.sets.map((s) => s.art),
    ...batch.tracks.map((t) => t.art),
    ...batch.artists.map((a) => a.art),
    ...batch.labels.flatMap((l) => [l.art, { sm: l.logo ?? null, xl: null }]),
    ...batch.festivals.map((p) => p.art),
    ...batch.venues.map((p) => p.art),
  ];
  for (const art of pictures) {
    for (const source of [art?.sm, art?.xl]) {
      if (source?.kind !== 'file' || media.has(source.path)) continue;
      const facts = await probeImage(source.path);
      if (typeof facts === 'string')
        problems.push(problem(source.origin, facts.replace(source.path, shown(source.path))));
      else
        media.set(source.path, {
          source: source.path,
          sitePath: mediaPathFor('art', facts.hash, source.path),
        });
    }
  }
  return { media, tags };
}

/**
 * A set's track times once its audio's length is known (set.durationMs): a CUE sheet's INDEX values
 * read, then every time checked, and the last track ended with the audio. Problems are added.
 */
export function settleTimes(set: SetInput, problems: string[]): void {
  if (cueStarts(set, problems)) checkTimes(set, problems);
}

/**
 * A CUE sheet's starts, once its INDEX style is decided against the audio's length; false when the
 * sheet is refused for it (its times are then not checked further).
 */
function cueStarts(set: SetInput, problems: string[]): boolean {
  if (!set.cueIndexes) return true;
  const { indexes, forced } = set.cueIndexes;
  const durationS = set.durationMs === undefined ? undefined : set.durationMs / 1000;
  const style = indexStyleOf(indexes, durationS, set.origin, forced);
  if (typeof style !== 'string') {
    problems.push(style.problem);
    return false;
  }
  const starts = indexes.map((i) => secondsOf(i.fields, style));
  set.tracks.forEach((st, i) => {
    st.start = starts[i] ?? Number.NaN;
    st.end = starts[i + 1] ?? Number.NaN;
  });
  delete set.cueIndexes;
  return true;
}

/**
 * Set track times in whole seconds: each track starts after the previous one (no overlap, in
 * order), before the audio ends, and ends after it starts; a CUE sheet's or tracklist's last track
 * ends with the audio.
 */
function checkTimes(set: SetInput, problems: string[]): void {
  const durationS = set.durationMs === undefined ? undefined : set.durationMs / 1000;
  if (set.untimed) {
    // Nothing says where an entry plays: each spans the recording, so the set plays as one piece.
    const end = Math.max(1, Math.floor(durationS ?? 1));
    for (const st of set.tracks) Object.assign(st, { start: 0, end, untimed: true });
    return;
  }
  let previousEnd = 0;
  let previousStart = -1;
  let lastIndex = set.tracks.length - 1;
  while (lastIndex > 0 && set.tracks[lastIndex]?.together) lastIndex--;
  set.tracks.forEach((st, i) => {
    if (st.together && i > 0) {
      st.start = previousStart;
      st.end = previousEnd;
      return;
    }
    const start = Math.round(st.start);
    const end =
      set.lastEndsWithAudio && i === lastIndex ? Math.floor(durationS ?? Number.NaN) : Math.round(st.end);
    const clock = clockOf;
    if (start <= previousStart) {
      problems.push(outOfOrder(st.origin, start, previousStart));
    } else if (start < previousEnd) {
      problems.push(
        problem(
          st.origin,
          `starts at ${clock(start)}, before the previous track ends (${clock(previousEnd)}): overlapping timestamps`,
        ),
      );
    } else if (durationS !== undefined && start >= durationS) {
      problems.push(
        problem(st.origin, `starts at ${clock(start)}, after the audio ends (${clock(durationS)})`),
      );
    } else if (!(end > start) && (!set.lastEndsWithAudio || i === lastIndex)) {
      // (where a track ends at the next one's start, an unordered next start is reported on its own line)
      problems.push(
        problem(
          st.origin,
          `ends at ${Number.isNaN(end) ? '?' : clock(end)}, not after its start (${clock(start)})`,
        ),
      );
    } else if (!set.lastEndsWithAudio && durationS !== undefined && end > Math.ceil(durationS)) {
      problems.push(problem(st.origin, `ends at ${clock(end)}, after the audio ends (${clock(durationS)})`));
    }
    st.start = start;
    st.end = end;
    previousStart = start;
    previousEnd = Number.isNaN(end) ? start : end;
  });
}
