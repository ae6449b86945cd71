// The demo's tracks and their credits. Released tracks are made up front (a pool per genre the sets
// draw from) and on demand, when a set needs one that is out by its date or when an ID heard in a set
// is released later; IDs are added by the sets that play them first.
import { GENRES, type Genre } from '@cratedig/contract/constants';
import type { ArtistFacts, PickArtist } from './demo-artists';
import { type DemoBuild, dayBetween, isoDate, SETS_TO, slugify, TRACKS_FROM, withArt } from './demo-build';
import { GENRE_BPM, KEYS, trackTitle } from './demo-names';
import type { DemoCatalogue } from './demo-rows';

type TrackRow = DemoCatalogue['tracks'][number];

export interface TrackBook {
  tracks: DemoCatalogue['tracks'];
  trackArtists: DemoCatalogue['trackArtists'];
  byId: Map<number, TrackRow>;
  /** Released track ids per genre, in the order they were made. */
  pools: Map<Genre, number[]>;
  /** Adds a track with the next id and its artwork. */
  add: (row: Omit<TrackRow, 'id' | 'artUrlSm' | 'artUrlXl'>) => TrackRow;
  /** Makes a released track of the genre; a given producer makes it their original mix. */
  released: (genre: Genre, releaseMs: number, producer?: ArtistFacts) => TrackRow;
}

export function createTrackBook(
  build: DemoBuild,
  pickArtist: PickArtist,
  labelsFor: (genre: Genre) => DemoCatalogue['labels'],
): TrackBook {
  const { r } = build;
  const tracks: DemoCatalogue['tracks'] = [];
  const trackArtists: DemoCatalogue['trackArtists'] = [];
  const pools = new Map<Genre, number[]>(GENRES.map((g) => [g, []]));
  const byId = new Map<number, TrackRow>();

  const add: TrackBook['add'] = (row) => {
    const id = tracks.length + 1;
    const full = { id, ...row, ...withArt(build, 'track', id, `${row.artist} ${row.title}`) };
    tracks.push(full);
    byId.set(id, full);
    return full;
  };

  const released: TrackBook['released'] = (genre, releaseMs, producer) => {
    const main = producer ?? pickArtist(genre);
    const people = [main];
    if (r.chance(0.15)) people.push(pickArtist(genre, [main.id]));
    const roll = r.next();
    const mixType = producer ? 'original_mix' : roll < 0.6 ? 'original_mix' : roll < 0.88 ? 'remix' : 'edit';
    const mixer =
      mixType === 'original_mix'
        ? undefined
        : pickArtist(
            genre,
            people.map((p) => p.id),
          );
    const feat = r.chance(0.12)
      ? pickArtist(r.pick(GENRES), [...people.map((p) => p.id), mixer?.id ?? 0])
      : undefined;
    const label = r.pick(labelsFor(genre));
    const title = trackTitle(r.pick, r.chance);
    const [lo, hi] = GENRE_BPM[genre];
    const artist = people.map((p) => p.name).join(' & ') + (feat ? ` feat. ${feat.name}` : '');
    const row = add({
      title,
      artist,
      mixType,
      mixName: mixer ? `${mixer.name} ${mixType === 'remix' ? 'Remix' : 'Edit'}` : null,
      labelId: label.id,
      labelName: label.name,
      releaseDate: isoDate(releaseMs),
      bpm: r.int(lo, hi),
      key: r.pick(KEYS),
      genre,
      purchaseUrl: r.chance(0.85)
        ? `https://www.beatport.com/track/${slugify(title)}/${2000000 + tracks.length * 53}`
        : null,
      foundInSetId: null,
      createdDt: new Date(releaseMs),
    });
    let position = 1;
    for (const p of people)
      trackArtists.push({ trackId: row.id, artistId: p.id, role: 'producer', position: position++ });
    if (feat) trackArtists.push({ trackId: row.id, artistId: feat.id, role: 'feat', position: position++ });
    if (mixer)
      trackArtists.push({ trackId: row.id, artistId: mixer.id, role: 'mixer', position: position++ });
    pools.get(genre)?.push(row.id);
    return row;
  };

  return { tracks, trackArtists, byId, pools, add, released };
}

/** The back catalogue the sets draw from: `perGenre` released tracks of every genre. */
export function buildReleasedTracks(build: DemoBuild, book: TrackBook, perGenre: number): void {
  for (const genre of GENRES) {
    for (let i = 0; i < perGenre; i++) book.released(genre, dayBetween(build.r, TRACKS_FROM, SETS_TO));
  }
}
