// CUE sheets as DJ software, recorders and CUE editors write them (rekordbox and Mixxx recordings,
// Traktor and Serato tracklist helpers, foobar2000, EAC): the sheet's TITLE/PERFORMER are the set's
// name and artists, each TRACK's TITLE/PERFORMER a track (a track without PERFORMER inherits the
// sheet's), its INDEX 01 its start (frames or h:m:s, decided in cue-index.ts); the next track's start,
// or the audio's end, its end. The recording is the FILE before the first TRACK, or the one file every
// TRACK names; per-track FILE lines naming the tracks played (rekordbox) are ignored. Keywords in any
// case, values quoted or not, REM lines of every tool tolerated (DATE and GENRE are read).
import type { Genre } from '@cratedig/contract/constants';
import {
  type Batch,
  type CueIndex,
  checkStartOrder,
  type IndexStyle,
  type Origin,
  problem,
  type SetInput,
  type TrackInput,
} from './batch';
import type { ParsedTrack } from './credits';
import { secondsOf } from './cue-index';
import { type Recording, recordingOf } from './cue-paths';
import { setFacts, writtenProblems } from './set-facts';
import { linesOf } from './text-file';
import { withoutTrackNumbers } from './tracklist-lines';

export interface SourceContext {
  /** How the file is named in messages (as the operator gave it). */
  name: string;
  /** Absolute path of the file. */
  path: string;
  parseTrack: (text: string) => ParsedTrack | undefined;
  /**
   * A DJ history beside the file (dj-sidecar.ts historyStarts): when each played track started, in
   * seconds since midnight; it times a tracklist written without times.
   */
  history?: number[];
  /** What the command line gives for sources that leave it out. */
  defaults?: { genre?: Genre; date?: string; cueIndex?: IndexStyle };
  /**
   * A DJ's draft (docs/publishing.md): the recording is the upload and the set's name and artists are
   * its details, so a sheet pasted for it needs no FILE, TITLE nor PERFORMER of its own.
   */
  draft?: { recording: string; title: string; performer: string };
}

interface CueTrack {
  line: number;
  title?: string;
  performer?: string;
  index?: CueIndex;
  file?: string;
  /** The FILE line in effect at the track's INDEX 01: its time counts from the start of that file. */
  indexFile?: { name: string; line: number };
}

function unquote(value: string): string {
  const v = value.trim();
  const quoted = /^"(.*)"(?:\s+\S+)?$/.exec(v);
  return (quoted ? (quoted[1] ?? '') : v).trim();
}

/** The file name of `FILE "name.mp3" MP3` (or unquoted, type word last). */
function fileOf(value: string): string {
  const v = value.trim();
  const quoted = /^"(.*)"/.exec(v);
  if (quoted) return quoted[1] ?? '';
  return v.replace(/\s+(MP3|WAVE|AIFF|BINARY|MOTOROLA|FLAC)$/i, '');
}

interface Head {
  title?: string;
  performer?: string;
  date?: string;
  genre?: string;
  file?: string;
  lines: Record<string, number>;
  festival?: string;
  venue?: string;
  artwork?: { value: string; line: number };
}

function readSheet(text: string, at: (line: number) => Origin, problems: string[]) {
  const head: Head = { lines: {} };
  const tracks: CueTrack[] = [];
  let inEffect: { name: string; line: number } | undefined;
  linesOf(text).forEach((raw, index) => {
    const line = index + 1;
    const m = /^\s*(\S+)\s*(.*)$/.exec(raw);
    if (!m?.[1]) return;
    const keyword = m[1].toUpperCase();
    const value = m[2] ?? '';
    const current = tracks[tracks.length - 1];
    if (keyword === 'REM') {
      if (current) return; // a track's REM (COMPOSER, rekordbox's cue colours) says nothing we keep
      const rem = /^(\S+)\s*(.*)$/.exec(value);
      const key = rem?.[1]?.toUpperCase();
      const remValue = unquote(rem?.[2] ?? '');
      if (key === 'DATE' || key === 'GENRE') {
        head[key === 'DATE' ? 'date' : 'genre'] = remValue;
        head.lines[key === 'DATE' ? 'date' : 'genre'] = line;
      } else if (key === 'FESTIVAL') head.festival = remValue;
      else if (key === 'VENUE') head.venue = remValue;
      else if (key === 'ARTWORK') head.artwork = { value: remValue, line };
      return;
    }
    if (keyword === 'TRACK') {
      tracks.push({ line });
      return;
    }
    if (keyword === 'TITLE' || keyword === 'PERFORMER') {
      const field = keyword === 'TITLE' ? 'title' : 'performer';
      if (current) current[field] = unquote(value);
      else {
        head[field] = unquote(value);
        head.lines[field] = line;
      }
      return;
    }
    if (keyword === 'FILE') {
      inEffect = { name: fileOf(value), line };
      if (current) current.file = fileOf(value);
      else {
        head.file = fileOf(value);
        head.lines.file = line;
      }
      return;
    }
    if (keyword === 'INDEX' && current) {
      const idx = /^(\d+)\s+(\d+):(\d{1,2}):(\d{1,2})\s*$/.exec(value.trim());
      if (!idx) {
        problems.push(problem(at(line), `INDEX '${value.trim()}' is not 'NN mm:ss:ff' or 'NN hh:mm:ss'`));
        return;
      }
      if (Number(idx[1]) !== 1) return;
      const fields: [number, number, number] = [Number(idx[2]), Number(idx[3]), Number(idx[4])];
      current.index = { fields, text: value.trim().replace(/^\d+\s+/, ''), origin: at(line) };
      if (inEffect) current.indexFile = inEffect;
    }
  });
  return { head, tracks };
}

export function parseCue(text: string, source: SourceContext, into: Batch, problems: string[]): void {
  const at = (line: number): Origin => ({ file: source.name, at: `line ${line}` });
  const whole: Origin = { file: source.name, at: '' };
  const before = problems.length;
  const { head, tracks } = readSheet(text, at, problems);
  if (source.draft) {
    head.title ??= source.draft.title;
    head.performer ??= source.draft.performer;
  }
  const perTrack = filePerTrack(tracks);
  if (perTrack) {
    problems.push(problem(whole, perTrack));
    return;
  }

  if (!head.title) problems.push(problem(whole, 'the sheet has no TITLE (the set name)'));
  if (!head.performer) problems.push(problem(whole, 'the sheet has no PERFORMER (the set artists)'));
  const facts = setFacts(
    { genre: head.genre, date: head.date },
    { genre: at(head.lines.genre ?? 0), date: at(head.lines.date ?? 0) },
    whole,
    source.defaults,
  );
  const recording: Recording | string = source.draft
    ? { path: source.draft.recording, resolve: (written: string) => written }
    : recordingOf(
        source.path,
        head.file,
        tracks.map((t) => t.file),
      );
  if (typeof recording === 'string') problems.push(problem(whole, recording));
  if (tracks.length === 0) problems.push(problem(whole, 'no TRACK'));
  for (const track of tracks) {
    if (!track.index) problems.push(problem(at(track.line), 'TRACK has no INDEX 01 (its start)'));
    if (!track.title) problems.push(problem(at(track.line), 'TRACK has no TITLE'));
  }
  if (problems.length > before || !head.title || !head.performer || typeof recording === 'string') {
    writtenProblems(facts.missing, problems);
    // No set to check later: its times are checked here (read as frames), so one run lists them too.
    checkStartOrder(
      tracks.map((track) => ({
        start: track.index ? secondsOf(track.index.fields, 'frames') : undefined,
        origin: at(track.line),
      })),
      problems,
    );
    return;
  }

  const setRef = `cue:${source.path}`;
  const set: SetInput = {
    ref: setRef,
    name: head.title,
    artistLine: head.performer,
    artists: [],
    date: facts.date,
    genre: facts.genre,
    ...(facts.missing ? { missing: facts.missing } : {}),
    audio: { kind: 'file', path: recording.path, origin: at(head.lines.file ?? recording.line ?? 0) },
    sponsors: [],
    festival: head.festival ?? null,
    venue: head.venue ?? null,
    tracks: [],
    lastEndsWithAudio: true,
    cueIndexes: {
      indexes: [],
      ...(source.defaults?.cueIndex ? { forced: source.defaults.cueIndex } : {}),
    },
    origin: whole,
  };
  if (head.artwork) {
    const art = {
      kind: 'file' as const,
      path: recording.resolve(head.artwork.value),
      origin: at(head.artwork.line),
    };
    set.art = { sm: art, xl: art };
  }
  // A track without PERFORMER is 'Artist - Title' in its TITLE, or else by the sheet's performer.
  const texts = withoutTrackNumbers(
    tracks.map((track) => {
      const title = track.title ?? '';
      if (track.performer) return `${track.performer} - ${title}`;
      return source.parseTrack(title) ? title : `${head.performer} - ${title}`;
    }),
  );
  tracks.forEach((track, i) => {
    const text = texts[i] ?? '';
    const parsed = source.parseTrack(text);
    if (!parsed) {
      problems.push(problem(at(track.line), `'${text}' is not 'Artist - Title'`));
      return;
    }
    const input: TrackInput = {
      ref: `${setRef}#${i + 1}`,
      title: parsed.title,
      artistLine: parsed.artistLine,
      credits: parsed.credits,
      mixType: parsed.mixType,
      mixName: parsed.mixName,
      labelName: parsed.labelName,
      ...(parsed.bpm ? { bpm: parsed.bpm } : {}),
      ...(parsed.key ? { key: parsed.key } : {}),
      origin: at(track.line),
      ...(parsed.mixType === 'ID' ? { foundInSet: setRef, genre: facts.genre } : {}),
    };
    into.tracks.push(input);
    // Starts and ends are filled once the INDEX style is decided against the audio's length.
    set.tracks.push({ trackRef: input.ref, start: Number.NaN, end: Number.NaN, origin: at(track.line) });
    if (track.index) set.cueIndexes?.indexes.push(track.index);
  });
  into.sets.push(set);
}

/**
 * A CD rip with one audio file per track (EAC's "multiple files" sheets): each track's INDEX counts
 * from the start of its own FILE, so the times start again at every file. Cratedig takes one recording
 * per set, so such a sheet is refused with the FILE lines it names. DJ software's sheets that name the
 * track played in each TRACK (rekordbox) count every INDEX from the recording's start instead.
 */
function filePerTrack(tracks: CueTrack[]): string | undefined {
  const files = [
    ...new Map(
      tracks.flatMap((t) => (t.indexFile ? [[t.indexFile.line, t.indexFile] as const] : [])),
    ).values(),
  ];
  if (new Set(files.map((f) => f.name)).size < 2) return undefined;
  const restarts = tracks.some((track, i) => {
    const before = tracks[i - 1];
    return (
      before?.index &&
      track.index &&
      track.indexFile?.line !== before.indexFile?.line &&
      secondsOf(track.index.fields, 'frames') <= secondsOf(before.index.fields, 'frames')
    );
  });
  if (!restarts) return undefined;
  const shown = files.slice(0, 4).map((f) => `line ${f.line} '${f.name}'`);
  const more = files.length > shown.length ? ` and ${files.length - shown.length} more` : '';
  return (
    `this sheet names one audio file per track (${files.length} FILE lines: ${shown.join(', ')}${more}), ` +
    "each TRACK's INDEX counting from the start of its own file, as a CD rip in separate files does. " +
    'A set is one recording: join the files into one MP3 and give a sheet with one FILE line before the ' +
    'first TRACK, each INDEX 01 counted from the start of that recording'
  );
}
