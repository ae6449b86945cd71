// The demo catalogue as plain rows, built from one seeded random source: the same rows, ids and times
// on every run and machine (the seed is deterministic). One builder per entity, called in a fixed
// order (demo-build.ts explains why the order matters). No I/O here; demo.ts renders media and writes
// the rows.
import type { Genre } from '@cratedig/contract/constants';
import type {
  artists,
  featured,
  festivals,
  idReleases,
  labelBosses,
  labels,
  setArtists,
  setSponsors,
  sets,
  trackArtists,
  tracks,
  venues,
} from '../schema/index';
import { artistFacts, buildArtists } from './demo-artists';
import { type ArtJob, createDemoBuild } from './demo-build';
import { buildFeatured } from './demo-featured';
import { buildLabels } from './demo-labels';
import { buildListeningSets } from './demo-listening';
import { buildFestivals, buildVenues } from './demo-places';
import { buildSets } from './demo-sets';
import { buildReleasedTracks, createTrackBook } from './demo-tracks';

export interface DemoSet {
  row: typeof sets.$inferInsert & { id: number; durationMs: number; genre: Genre };
  audioBaseName: string;
  /** Relative lengths of the set tracks; times are tiled from them once the real duration is known. */
  slots: {
    trackId: number;
    weight: number;
    genre: Genre;
    bpm: number;
    /** The audio of another track plays here (an ID heard before, listed under an ID of its own). */
    audioTrackId?: number;
    /** The audio plays but the tracklist does not name it (an incomplete tracklist). */
    unlisted?: boolean;
  }[];
}

export interface DemoCatalogue {
  artists: (typeof artists.$inferInsert & { id: number })[];
  labels: (typeof labels.$inferInsert & { id: number })[];
  labelBosses: (typeof labelBosses.$inferInsert)[];
  festivals: (typeof festivals.$inferInsert & { id: number })[];
  venues: (typeof venues.$inferInsert & { id: number })[];
  sets: DemoSet[];
  setArtists: (typeof setArtists.$inferInsert)[];
  setSponsors: (typeof setSponsors.$inferInsert)[];
  tracks: (typeof tracks.$inferInsert & { id: number })[];
  trackArtists: (typeof trackArtists.$inferInsert)[];
  idReleases: (typeof idReleases.$inferInsert)[];
  featured: (typeof featured.$inferInsert)[];
  art: ArtJob[];
}

const SEED = 'cratedig-demo-v1';

export const SETS_PER_GENRE = 2;
export const SET_MINUTES = { min: 15, max: 30 } as const;
export const SET_TRACKS = { min: 8, max: 15 } as const;
/** Released tracks of each genre made before any set; sets add more as they need them. */
const RELEASED_TRACKS_PER_GENRE = 14;

/**
 * Start/end seconds that tile [0, duration] in proportion to the weights: the first starts at 0,
 * each starts where the previous ended, the last ends at the set's (rounded) length.
 */
export function tileTimes(weights: readonly number[], durationMs: number): { start: number; end: number }[] {
  const total = Math.round(durationMs / 1000);
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  let start = 0;
  return weights.map((w, i) => {
    acc += w;
    const end = i === weights.length - 1 ? total : Math.round((total * acc) / sum);
    const slot = { start, end };
    start = end;
    return slot;
  });
}

export function buildDemoCatalogue(): DemoCatalogue {
  const build = createDemoBuild(SEED);
  const { facts, pickArtist } = artistFacts(build);
  const { labels, labelBosses, foundedBy, labelsFor } = buildLabels(build, pickArtist);
  const festivals = buildFestivals(build);
  const venues = buildVenues(build);
  const artists = buildArtists(build, facts, { foundedBy, labelsFor });
  const book = createTrackBook(build, pickArtist, labelsFor);
  buildReleasedTracks(build, book, RELEASED_TRACKS_PER_GENRE);
  const { sets, setArtists, setSponsors, idReleases } = buildSets(
    build,
    { pickArtist, labelsFor, festivals, venues, book },
    { perGenre: SETS_PER_GENRE, minutes: SET_MINUTES, tracks: SET_TRACKS },
  );
  const featured = buildFeatured({ sets, tracks: book.tracks, setArtists, labels, festivals, venues });
  // after everything else, so that adding them changed none of the rows above
  const built = { sets, setArtists, setSponsors, idReleases };
  buildListeningSets(build, book, built, artists);
  return {
    artists,
    labels,
    labelBosses,
    festivals,
    venues,
    sets,
    setArtists,
    setSponsors,
    tracks: book.tracks,
    trackArtists: book.trackArtists,
    idReleases,
    featured,
    art: build.art,
  };
}
