// A DJ software's playlist export beside a CUE sheet or tracklist (`set.cue` + `set.nml` or
// `set.xml`): where a line's title matches a track the software played, the track is read from the
// software's metadata (artist, title, remixer, label, BPM, key) instead of being guessed from how the
// line was written; the sheet or list still gives the times.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { ParsedTrack } from './credits';
import { type DjTrack, readDjPlaylist } from './dj-metadata';
import { normaliseName } from './normalise';

/** The playlist export beside `sourcePath` with its base name, when there is one of a DJ tool. */
export function djSidecarOf(sourcePath: string): DjTrack[] | undefined {
  const base = join(dirname(sourcePath), basename(sourcePath, extname(sourcePath)));
  for (const ext of ['.nml', '.NML', '.xml', '.XML']) {
    const path = base + ext;
    if (!existsSync(path)) continue;
    try {
      const read = readDjPlaylist(readFileSync(path, 'utf8'));
      if (read && read.tracks.length > 0) return read.tracks;
    } catch {
      // an unreadable export only means the lines are read as written
    }
  }
  return undefined;
}

/**
 * When the deck started each track of a DJ history (Traktor's History NML), in the order played, when
 * the export gives a start for every track; undefined for a playlist export without them.
 */
export function historyStarts(tracks: DjTrack[] | undefined): number[] | undefined {
  if (!tracks || tracks.length === 0) return undefined;
  const starts = tracks.map((t) => t.startedAt);
  return starts.every((s): s is number => s !== undefined) ? starts : undefined;
}

const bare = (title: string) => normaliseName(title.replace(/\s*[([][^)\]]*[)\]]/g, ''));

/**
 * `parse` with the software's metadata preferred: each line is matched, in order, to the first
 * track not yet matched whose title (without brackets) is the line's. An ID line stays an ID.
 */
export function withDjMetadata(
  tracks: DjTrack[] | undefined,
  parse: (text: string) => ParsedTrack | undefined,
): (text: string) => ParsedTrack | undefined {
  if (!tracks) return parse;
  const played = tracks;
  const used = new Set<number>();
  // A reader may ask about the same line twice (a CUE TRACK without PERFORMER is tried as
  // 'Artist - Title' first): the same text gets the same answer and claims its track once.
  const answered = new Map<string, ParsedTrack | undefined>();
  return (text) => {
    if (answered.has(text)) return answered.get(text);
    const result = match(text);
    answered.set(text, result);
    return result;
  };

  function match(text: string): ParsedTrack | undefined {
    const parsed = parse(text);
    if (!parsed || parsed.mixType === 'ID') return parsed;
    const wanted = bare(parsed.title);
    const index = played.findIndex((t, i) => !used.has(i) && t.artist !== '' && bare(t.title) === wanted);
    const known = played[index];
    if (!known) return parsed;
    used.add(index);
    let title = known.title;
    if (known.remixer && !normaliseName(title).includes(normaliseName(known.remixer)))
      title = `${title} (${known.remixer} Remix)`;
    const label = known.label ?? parsed.labelName;
    const enriched = parse(`${known.artist} - ${title}${label ? ` [${label}]` : ''}`);
    if (!enriched) return parsed;
    return {
      ...enriched,
      bpm: known.bpm,
      key: known.key,
      ...(known.startedAt === undefined ? {} : { startedAt: known.startedAt }),
    };
  }
}
