// The lines of a tracklist a listener pastes in the browser, read with the import's own line reader
// (tracklist-lines.ts) so a paste is read exactly as `cratedig import` reads a .txt tracklist, with two
// differences a paste needs: a plain 'Artist - Title' line is an untimed entry (people paste lists
// without times), and nothing is refused whole: every line's problem is named, all at once.
import { stripLead } from './credits';
import { linesOf } from './text-file';
import { readTrackLine, withoutTrackNumbers } from './tracklist-lines';

export interface PastedEntry {
  line: number;
  /** The line as pasted, trimmed. */
  text: string;
  /** The 'Artist - Title' part. */
  body: string;
  /** Seconds from the start; undefined for an untimed entry or a 'w/' line. */
  start?: number;
  /** A 'w/' line: played together with the entry before. */
  together: boolean;
}

export interface PastedProblem {
  line: number;
  text: string;
  reason: string;
}

export interface PastedLines {
  entries: PastedEntry[];
  problems: PastedProblem[];
  /** Lines that name no track and are passed over, each with why (a set's title line). */
  skipped: PastedProblem[];
  /** Whether the entries carry times (placed by time) or not (placed by order). */
  timed: boolean;
}

// Lines copied along with a list that say nothing about its tracks.
const HEADER =
  /^\s*(title|name|set|artists?|dj|date|recorded|genre|audio|mp3|file|artwork|cover|festival|venue|curator|tracklist)\s*:/i;
const HEADING = /^\s*[\p{L} ]{1,30}:\s*$/u;
const DASH = /\s[-–—]\s/;
// The set's title line 1001Tracklists heads a copied list with: 'Artist @ Event, Venue, City, Country
// 2024-05-12' (radio shows: 'Artist - Show 123 2024-05-12'), before any track.
const TITLE_LINE = /(?:^|\s)@\s|\s\d{4}-\d{2}-\d{2}$/;
const TITLE_NOTE =
  "The set's title line (its artists, place and date), not a track: skipped. It is not needed here.";

export function formatTime(seconds: number): string {
  const s = Math.floor(seconds);
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(hh > 0 ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function readPastedLines(text: string): PastedLines {
  const entries: PastedEntry[] = [];
  const problems: PastedProblem[] = [];
  const skipped: PastedProblem[] = [];
  for (const [index, raw] of linesOf(text).entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || HEADING.test(raw)) continue;
    if (entries.length === 0 && HEADER.test(raw)) continue;
    const add = (reason: string) => problems.push({ line, text: trimmed, reason });
    const read = readTrackLine(raw);
    if (entries.length === 0 && read?.start === undefined && TITLE_LINE.test(trimmed)) {
      skipped.push({ line, text: trimmed, reason: TITLE_NOTE });
      continue;
    }
    if (read?.bad) add(`'${read.bad}' is not a time (mm:ss, h:mm:ss or mm.ss)`);
    else if (read?.together && entries.length === 0)
      add("a 'w/' line needs a track before it to be played with");
    else if (read) {
      entries.push({
        line,
        text: trimmed,
        body: read.text,
        together: read.together,
        ...(read.start === undefined ? {} : { start: read.start }),
      });
    } else if (DASH.test(` ${stripLead(trimmed)} `)) {
      entries.push({ line, text: trimmed, body: stripLead(trimmed), together: false });
    } else add("this is not a track: write it as 'Artist - Title', with a time before it if you have one");
  }

  const played = entries.filter((e) => !e.together);
  withoutTrackNumbers(played.map((e) => e.body)).forEach((body, i) => {
    const entry = played[i];
    if (entry) entry.body = body;
  });

  const timed = entries.some((e) => e.start !== undefined);
  const kept: PastedEntry[] = [];
  let previous: PastedEntry | undefined;
  for (const entry of entries) {
    if (timed && entry.start === undefined && !entry.together) {
      problems.push({
        line: entry.line,
        text: entry.text,
        reason: 'this line has no time while the others have: add its time (12:34 Artist - Title)',
      });
      continue;
    }
    if (entry.start !== undefined && previous?.start !== undefined && entry.start < previous.start) {
      problems.push({
        line: entry.line,
        text: entry.text,
        reason: `it starts at ${formatTime(entry.start)}, before line ${previous.line} (${formatTime(previous.start)}): times must go forward`,
      });
      continue;
    }
    // A 'w/' line plays at the time of the entry before it.
    const placed =
      entry.together && previous?.start !== undefined ? { ...entry, start: previous.start } : entry;
    kept.push(placed);
    previous = placed;
  }
  problems.sort((a, b) => a.line - b.line);
  return { entries: kept, problems, skipped, timed };
}
