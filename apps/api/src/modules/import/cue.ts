// CUE sheets as DJ software and upload helpers write them (EAC, Traktor, rekordbox, Mixcloud
// helpers): the sheet's TITLE/PERFORMER are the set's name and artists, each TRACK's TITLE/PERFORMER a
// track, its INDEX 01 mm:ss:ff (75 frames a second) its start; the next track's start, or the audio's
// end, its end. REM DATE and REM GENRE give the set's date and genre. Keywords in any case, values
// quoted or not, minutes above 99 (long mixes), INDEX 00 pre-gaps ignored.
import { dirname, resolve } from 'node:path';
import { type Batch, checkStartOrder, type Origin, problem, type SetInput, type TrackInput } from './batch';
import type { ParsedTrack } from './credits';
import { dateOf, genreOf, linesOf } from './text-file';

export interface SourceContext {
  /** How the file is named in messages (as the operator gave it). */
  name: string;
  /** Absolute path of the file. */
  path: string;
  parseTrack: (text: string) => ParsedTrack | undefined;
}

interface CueTrack {
  line: number;
  title?: string;
  performer?: string;
  start?: number;
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

export function parseCue(text: string, source: SourceContext, into: Batch, problems: string[]): void {
  const at = (line: number): Origin => ({ file: source.name, at: `line ${line}` });
  const whole: Origin = { file: source.name, at: '' };
  const head: { title?: string; performer?: string; date?: string; genre?: string; file?: string } = {};
  const headLines: Record<string, number> = {};
  const festival: { value?: string } = {};
  const venue: { value?: string } = {};
  let artwork: { value: string; line: number } | undefined;
  const tracks: CueTrack[] = [];
  const lines = linesOf(text);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const m = /^\s*(\S+)\s*(.*)$/.exec(raw);
    if (!m?.[1]) return;
    const keyword = m[1].toUpperCase();
    const value = m[2] ?? '';
    const current = tracks[tracks.length - 1];
    if (keyword === 'REM') {
      const rem = /^(\S+)\s*(.*)$/.exec(value);
      const key = rem?.[1]?.toUpperCase();
      const remValue = unquote(rem?.[2] ?? '');
      if (key === 'DATE') {
        head.date = remValue;
        headLines.date = line;
      } else if (key === 'GENRE') {
        head.genre = remValue;
        headLines.genre = line;
      } else if (key === 'FESTIVAL') festival.value = remValue;
      else if (key === 'VENUE') venue.value = remValue;
      else if (key === 'ARTWORK') artwork = { value: remValue, line };
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
        headLines[field] = line;
      }
      return;
    }
    if (keyword === 'FILE') {
      head.file = fileOf(value);
      headLines.file = line;
      return;
    }
    if (keyword === 'INDEX' && current) {
      const idx = /^(\d+)\s+(\d+):(\d{2}):(\d{2})\s*$/.exec(value.trim());
      if (!idx) {
        problems.push(problem(at(line), `INDEX '${value.trim()}' is not 'NN mm:ss:ff'`));
        return;
      }
      if (Number(idx[1]) !== 1) return;
      const [mm, ss, ff] = [Number(idx[2]), Number(idx[3]), Number(idx[4])];
      if (ss >= 60 || ff >= 75) {
        problems.push(problem(at(line), `INDEX time '${value.trim()}' has seconds >= 60 or frames >= 75`));
        return;
      }
      current.start = mm * 60 + ss + ff / 75;
    }
  });

  const before = problems.length;
  if (!head.title) problems.push(problem(whole, 'the sheet has no TITLE (the set name)'));
  if (!head.performer) problems.push(problem(whole, 'the sheet has no PERFORMER (the set artists)'));
  const genre = head.genre === undefined ? undefined : genreOf(head.genre);
  if (head.genre === undefined) problems.push(problem(whole, 'no REM GENRE (the set genre)'));
  else if (!genre) problems.push(problem(at(headLines.genre ?? 0), `unknown genre '${head.genre}'`));
  const date = head.date === undefined ? undefined : dateOf(head.date);
  if (head.date === undefined) problems.push(problem(whole, 'no REM DATE (the recorded date)'));
  else if (!date)
    problems.push(problem(at(headLines.date ?? 0), `'${head.date}' is not a date (YYYY-MM-DD or YYYY)`));
  if (!head.file) problems.push(problem(whole, 'no FILE naming the audio'));
  if (tracks.length === 0) problems.push(problem(whole, 'no TRACK'));
  for (const track of tracks) {
    if (track.start === undefined)
      problems.push(problem(at(track.line), 'TRACK has no INDEX 01 (its start)'));
    if (!track.title) problems.push(problem(at(track.line), 'TRACK has no TITLE'));
  }
  if (problems.length > before || !head.title || !head.performer || !genre || !date || !head.file) {
    // No set to check later: its times are checked here, so their problems are listed too.
    checkStartOrder(
      tracks.map((track) => ({ start: track.start, origin: at(track.line) })),
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
    date,
    genre,
    audio: {
      kind: 'file',
      path: resolve(dirname(source.path), head.file),
      origin: at(headLines.file ?? 0),
    },
    sponsors: [],
    festival: festival.value ?? null,
    venue: venue.value ?? null,
    tracks: [],
    lastEndsWithAudio: true,
    origin: whole,
  };
  if (artwork) {
    const art = {
      kind: 'file' as const,
      path: resolve(dirname(source.path), artwork.value),
      origin: at(artwork.line),
    };
    set.art = { sm: art, xl: art };
  }
  tracks.forEach((track, i) => {
    const text = track.performer ? `${track.performer} - ${track.title ?? ''}` : (track.title ?? '');
    const parsed = source.parseTrack(text);
    if (!parsed) {
      problems.push(problem(at(track.line), `'${text}' is not 'Artist - Title' (no PERFORMER)`));
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
      origin: at(track.line),
      ...(parsed.mixType === 'ID' ? { foundInSet: setRef, genre } : {}),
    };
    into.tracks.push(input);
    const next = tracks[i + 1]?.start;
    set.tracks.push({
      trackRef: input.ref,
      start: track.start ?? 0,
      end: next ?? Number.NaN,
      origin: at(track.line),
    });
  });
  into.sets.push(set);
}
