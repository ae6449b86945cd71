// What every source (JSON, CUE sheet, pasted tracklist) is read into before anything touches the
// catalogue: items named as written, with where each came from for the messages of a refusal.
import type { ArtistRole, Genre, MixType, SponsorType } from '@cratedig/contract/constants';

/** Where a value came from: the file and a line ('line 12') or JSON path ('$.sets[0].genre'). */
export interface Origin {
  file: string;
  at: string;
}

/** A refusal: the import stops, nothing is written. */
export class ImportRefusal extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ImportRefusal';
  }
}

/** How a CUE sheet writes its INDEX times: minutes:seconds:frames, or hours:minutes:seconds (cue-index.ts). */
export type IndexStyle = 'frames' | 'hms';

/** One `INDEX 01` of a sheet, as written, read once the sheet's style is known. */
export interface CueIndex {
  fields: [number, number, number];
  text: string;
  origin: Origin;
}

export function problem(origin: Origin, what: string): string {
  return `${origin.file}${origin.at ? `: ${origin.at}` : ''}: ${what}`;
}

/** m:ss of whole seconds, as the time problems name them. */
export function clockOf(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
}

/** The problem of a track that starts no later than the one before it. */
export function outOfOrder(origin: Origin, start: number, previousStart: number): string {
  return problem(
    origin,
    `starts at ${clockOf(start)}, not after the previous track (${clockOf(previousStart)}): timestamps out of order`,
  );
}

/**
 * Track starts out of order, checked on their own: a sheet refused for another reason (an unknown
 * genre, a missing date) still names its unordered times, so one run lists every problem.
 */
export function checkStartOrder(starts: { start?: number; origin: Origin }[], problems: string[]): void {
  let previous = -1;
  for (const { start, origin } of starts) {
    if (start === undefined) continue;
    const whole = Math.round(start);
    if (whole <= previous) problems.push(outOfOrder(origin, whole, previous));
    previous = whole;
  }
}

/** A picture or audio: a file to copy into the media folder, or a reference kept as is. */
export type MediaSource = { kind: 'file'; path: string; origin: Origin } | { kind: 'ref'; value: string };

export interface ArtistInput {
  name: string;
  bio?: string | null;
  art?: { sm: MediaSource | null; xl: MediaSource | null };
  links?: {
    beatport?: string | null;
    instagram?: string | null;
    youtube?: string | null;
    website?: string | null;
  };
}

export interface LabelInput {
  name: string;
  bio?: string | null;
  sponsorType?: 'label' | 'label_meta';
  art?: { sm: MediaSource | null; xl: MediaSource | null };
  logo?: MediaSource | null;
  socials?: string[];
  founders?: string[];
}

export interface PlaceInput {
  name: string;
  city?: string | null;
  country?: string | null;
  art?: { sm: MediaSource | null; xl: MediaSource | null };
}

export interface TrackInput {
  /** Unique within the batch; the same track written twice has the same ref. */
  ref: string;
  title: string;
  artistLine: string;
  credits: { name: string; role: ArtistRole }[];
  mixType: MixType;
  mixName: string | null;
  labelName: string | null;
  releaseDate?: string | null;
  bpm?: number | null;
  key?: string | null;
  genre?: Genre | null;
  purchaseUrl?: string | null;
  art?: { sm: MediaSource | null; xl: MediaSource | null };
  createdDt?: string;
  /** For an ID: the ref of the set it was first heard in. */
  foundInSet?: string;
  /** For an ID that came out: the ref of the track it was released as. */
  releasedAs?: string;
  origin: Origin;
}

export interface SetTrackInput {
  trackRef: string;
  start: number;
  end: number;
  /** Played together with the track before (a 1001Tracklists 'w/' line): it shares that track's times. */
  together?: boolean;
  /** From a list without times: the entry spans the whole recording and is marked so. */
  untimed?: boolean;
  origin: Origin;
}

export interface SetInput {
  ref: string;
  name: string;
  artistLine: string;
  artists: string[];
  date: string;
  /** Null when neither the source, the command line nor the audio's tags name one of ours. */
  genre: Genre | null;
  /** Milliseconds, when the source gives it (required unless the audio is a file to read). */
  durationMs?: number;
  audio: MediaSource | null;
  art?: { sm: MediaSource | null; xl: MediaSource | null };
  sponsors: { type: SponsorType; name: string }[];
  festival?: string | null;
  venue?: string | null;
  tracks: SetTrackInput[];
  /** Set track times still to be closed by the audio's duration (CUE and tracklists: the last end). */
  lastEndsWithAudio: boolean;
  /** A list without times: its entries are kept in order, each spanning the recording, marked untimed. */
  untimed?: boolean;
  /**
   * Facts the source left out or wrote in a way the catalogue doesn't know, filled once the audio is
   * read (the command line's --genre/--date, then the audio's tags, then its file date) or refused.
   * `genre`/`date` hold the placeholders until then.
   */
  missing?: { genre?: { origin: Origin; written?: string }; date?: { origin: Origin; written?: string } };
  /** A CUE sheet's INDEX values, read as frames or h:m:s once the audio's length is known. */
  cueIndexes?: { indexes: CueIndex[]; forced?: IndexStyle };
  /**
   * A DJ's own recording (docs/publishing.md): never the same set as one of the catalogue by name and
   * date, since it is its own whatever else shares them. `setId` when it is published already and its
   * owner edits it: that set's row, artists and tracklist are rewritten in place, and its ID lines are
   * that set's IDs, by artist and order, as for a matched set.
   */
  owned?: { ownerId: number; setId?: number };
  origin: Origin;
}

export interface Batch {
  artists: ArtistInput[];
  labels: LabelInput[];
  festivals: PlaceInput[];
  venues: PlaceInput[];
  tracks: TrackInput[];
  sets: SetInput[];
  /** Featured lists by kind: names of the items (set names, track refs, artist names, ...). */
  featured?: Partial<Record<'sets' | 'tracks' | 'artists' | 'labels' | 'festivals' | 'venues', string[]>>;
}

export function emptyBatch(): Batch {
  return { artists: [], labels: [], festivals: [], venues: [], tracks: [], sets: [] };
}
