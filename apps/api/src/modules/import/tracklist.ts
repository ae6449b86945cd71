// Pasted tracklists as 1001Tracklists and SoundCloud descriptions write them: a small header of
// 'Key: value' lines (Title, Artist, Date, Genre; optionally Audio, Artwork, Festival, Venue,
// Curator), then one line per track: '[00:00] Artist - Title (Remixer Remix) [Label]',
// '01. 12:34 Artist ft. Other – Title', '1:02:03 ID - ID'. The audio is the file the header names, or
// the MP3 beside the tracklist with the same base name.
import { existsSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import {
  type Batch,
  checkStartOrder,
  type MediaSource,
  type Origin,
  problem,
  type SetInput,
  type TrackInput,
} from './batch';
import { splitArtists } from './credits';
import type { SourceContext } from './cue';
import { setFacts, writtenProblems } from './set-facts';
import { linesOf } from './text-file';
import { readTrackLine, type TrackLine, withoutTrackNumbers } from './tracklist-lines';

const HEADER =
  /^\s*(title|name|set|artists?|dj|date|recorded|genre|audio|mp3|file|artwork|cover|festival|venue|curator)\s*:\s*(.*)$/i;

/** The title line 1001Tracklists writes above a copied tracklist: who, '@', where, and the date. */
const SITE_TITLE = /^\s*([^@[\]]+?)\s+@\s+([^@[\]]+?)(?:\s+(\d{4}-\d{2}-\d{2}))?\s*$/u;

export function parseTracklist(text: string, source: SourceContext, into: Batch, problems: string[]): void {
  const at = (line: number): Origin => ({ file: source.name, at: `line ${line}` });
  const whole: Origin = { file: source.name, at: '' };
  const header = new Map<string, { value: string; line: number }>();
  const rows: { line: number; start: number | undefined; text: string; together: boolean }[] = [];
  const before = problems.length;
  linesOf(text).forEach((raw, index) => {
    const line = index + 1;
    // Blank lines, comments and headings pasted with the list ('Tracklist:') say nothing.
    if (raw.trim() === '' || raw.trim().startsWith('#')) return;
    if (/^\s*[\p{L} ]{1,30}:\s*$/u.test(raw) && !HEADER.test(raw)) return;
    // 1001Tracklists' own first line names the set: 'Artist @ Event, Venue, Country 2024-07-14'
    const named = rows.length === 0 && !header.has('title') ? SITE_TITLE.exec(raw) : null;
    if (named?.[1] && named[2] && readTrackLine(raw)?.start === undefined) {
      header.set('artist', { value: named[1].trim(), line });
      header.set('title', { value: named[2].trim(), line });
      if (named[3]) header.set('date', { value: named[3], line });
      return;
    }
    const track = HEADER.test(raw) && rows.length === 0 ? undefined : (readTrackLine(raw) ?? plainLine(raw));
    if (track) {
      const previous = rows[rows.length - 1];
      if (track.bad)
        problems.push(problem(at(line), `'${track.bad}' is not a time (mm:ss, h:mm:ss or mm.ss)`));
      else if (track.together && !previous)
        problems.push(problem(at(line), "a 'w/' line needs a track before it to be played with"));
      else
        rows.push({
          line,
          start: track.together ? previous?.start : track.start,
          text: track.text,
          together: track.together,
        });
      return;
    }
    const field = HEADER.exec(raw);
    if (field?.[1] && rows.length === 0) {
      const key = canonicalKey(field[1].toLowerCase());
      header.set(key, { value: (field[2] ?? '').trim(), line });
      return;
    }
    problems.push(
      problem(
        at(line),
        `'${raw.trim()}' is neither a header line ('Genre: Techno') nor a track ('12:34 Artist - Title')`,
      ),
    );
  });

  const played = rows.filter((row) => !row.together);
  withoutTrackNumbers(played.map((row) => row.text)).forEach((text, i) => {
    const row = played[i];
    if (row) row.text = text;
  });

  const need = (key: string, label: string) => {
    const entry = header.get(key);
    if (!entry || entry.value === '') problems.push(problem(whole, `the header has no ${label}`));
    return entry;
  };
  const title = need('title', "'Title:' (the set name)");
  const artist = need('artist', "'Artist:' (the set artists)");
  const genreLine = header.get('genre');
  const dateLine = header.get('date');
  const facts = setFacts(
    { genre: genreLine?.value || undefined, date: dateLine?.value || undefined },
    { genre: at(genreLine?.line ?? 0), date: at(dateLine?.line ?? 0) },
    whole,
    source.defaults,
  );
  if (rows.length === 0) problems.push(problem(whole, 'no track lines (e.g. "00:00 Artist - Title")'));
  if (rows.every((row) => row.start === undefined)) timeFromHistory(rows, source);
  // A list is timed or untimed as a whole: with no time at all it is imported as it is written (the set
  // then plays as one piece); a time on some lines only leaves the others' places unknown.
  const untimed = rows.every((row) => row.start === undefined);
  if (!untimed)
    for (const row of rows)
      if (row.start === undefined)
        problems.push(
          problem(
            at(row.line),
            `'${row.text}' has no time, while other lines have one: give every line a time, or none`,
          ),
        );

  const folder = dirname(source.path);
  const audioLine = header.get('audio');
  let audio: MediaSource;
  if (audioLine?.value) {
    audio = { kind: 'file', path: resolve(folder, audioLine.value), origin: at(audioLine.line) };
  } else {
    const base = basename(source.path, extname(source.path));
    const beside = ['.mp3', '.MP3'].map((ext) => join(folder, base + ext)).find((p) => existsSync(p));
    audio = { kind: 'file', path: beside ?? join(folder, `${base}.mp3`), origin: whole };
  }
  if (problems.length > before || !title || !artist) {
    writtenProblems(facts.missing, problems);
    // No set to check later: its times are checked here, so their problems are listed too.
    if (!untimed)
      checkStartOrder(
        rows.filter((row) => !row.together).map((row) => ({ start: row.start, origin: at(row.line) })),
        problems,
      );
    return;
  }

  const setRef = `tracklist:${source.path}`;
  const curator = header.get('curator')?.value;
  const artists = splitArtists(artist.value);
  const set: SetInput = {
    ref: setRef,
    name: title.value,
    artistLine: artist.value,
    artists: [],
    date: facts.date,
    genre: facts.genre,
    ...(facts.missing ? { missing: facts.missing } : {}),
    audio,
    sponsors: curator
      ? [{ type: artists.some((a) => a === curator) ? 'artist_meta' : 'label', name: curator }]
      : [],
    festival: header.get('festival')?.value || null,
    venue: header.get('venue')?.value || null,
    tracks: [],
    lastEndsWithAudio: true,
    ...(untimed ? { untimed: true } : {}),
    origin: whole,
  };
  const artwork = header.get('artwork');
  if (artwork?.value) {
    const art: MediaSource = { kind: 'file', path: resolve(folder, artwork.value), origin: at(artwork.line) };
    set.art = { sm: art, xl: art };
  }
  rows.forEach((row, i) => {
    const parsed = source.parseTrack(row.text);
    if (!parsed) {
      problems.push(problem(at(row.line), `'${row.text}' is not 'Artist - Title'`));
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
      origin: at(row.line),
      ...(parsed.mixType === 'ID' ? { foundInSet: setRef, genre: facts.genre } : {}),
    };
    into.tracks.push(input);
    // A track ends where the next one not played together with it starts.
    const next = rows.slice(i + 1).find((r) => !r.together);
    set.tracks.push({
      trackRef: input.ref,
      start: row.start ?? 0,
      end: next?.start ?? Number.NaN,
      ...(row.together ? { together: true } : {}),
      origin: at(row.line),
    });
  });
  into.sets.push(set);
}

/**
 * A list written without times, beside a DJ history (Traktor's History NML) that started one track
 * per line ('w/' lines aside): each line starts when the history's entry at its place did, counted
 * from the first. A line naming a track of the history that is not the one at its place means the two
 * disagree, and the list stays untimed.
 */
function timeFromHistory(
  rows: { start: number | undefined; text: string; together: boolean }[],
  source: SourceContext,
) {
  const history = source.history;
  const played = rows.filter((row) => !row.together);
  const first = history?.[0];
  if (!history || first === undefined || history.length !== played.length) return;
  const agree = played.every((row, i) => {
    const startedAt = source.parseTrack(row.text)?.startedAt;
    return startedAt === undefined || startedAt === history[i];
  });
  if (!agree) return;
  let previous = 0;
  let i = 0;
  for (const row of rows) {
    // A history started after midnight counts on from the day before.
    if (!row.together) previous = ((history[i++] ?? first) - first + 86_400) % 86_400;
    row.start = previous;
  }
}

/** A line that is only 'Artist - Title' (a plain or bulleted untimed list). */
function plainLine(raw: string): (TrackLine & { bad?: string }) | undefined {
  const text = raw.replace(/^\s*[-*•·]\s+/, '').trim();
  return /\S\s[-–—]\s\S/.test(text) ? { text, together: false } : undefined;
}

function canonicalKey(key: string): string {
  if (key === 'name' || key === 'set') return 'title';
  if (key === 'artists' || key === 'dj') return 'artist';
  if (key === 'recorded') return 'date';
  if (key === 'mp3' || key === 'file') return 'audio';
  if (key === 'cover') return 'artwork';
  return key;
}
