// The demo catalogue as plain rows, built from one seeded random source: the same rows, ids and times
// on every run and machine (the seed is deterministic). One builder per entity, called in a fixed
// order (demo-build.ts explains why the order matters). No I/O here; demo.ts renders media and writes
// the rows.
import { artistFacts, buildArtists } from './demo-artists';
import { createDemoBuild } from './demo-build';
import { buildFeatured } from './demo-featured';
import { buildLabels } from './demo-labels';
import { buildListeningSets } from './demo-listening';
import { buildFestivals, buildVenues } from './demo-places';
import type { DemoCatalogue } from './demo-rows';
import { buildSets } from './demo-sets';
import { buildReleasedTracks, createTrackBook } from './demo-tracks';

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
