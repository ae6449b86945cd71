// The demo's artists: first who they are (a name and two home genres that decide which tracks, labels
// and sets they appear on), then, once the labels exist, their rows with bios and links.
import { GENRES, type Genre } from '@cratedig/contract/constants';
import { artistBio } from './demo-bios';
import { type DemoBuild, slugify, withArt } from './demo-build';
import { ARTIST_NAMES, HOMETOWNS, NEIGHBOUR_GENRES, VENUE_SEEDS } from './demo-names';
import type { DemoCatalogue } from './demo-rows';

export interface ArtistFacts {
  id: number;
  name: string;
  genres: Genre[];
}

/** Picks an artist of a genre (any artist when none plays it), never one of `not`. */
export type PickArtist = (genre: Genre, not?: readonly number[]) => ArtistFacts;

export function artistFacts(build: DemoBuild): { facts: ArtistFacts[]; pickArtist: PickArtist } {
  const { r } = build;
  const facts: ArtistFacts[] = ARTIST_NAMES.map((name, i) => {
    const main = GENRES[i % GENRES.length] as Genre;
    return { id: i + 1, name, genres: [main, r.pick(NEIGHBOUR_GENRES[main])] };
  });
  const byGenre = (genre: Genre) => facts.filter((a) => a.genres.includes(genre));
  const pickArtist: PickArtist = (genre, not = []) => {
    const pool = byGenre(genre).filter((a) => !not.includes(a.id));
    return r.pick(pool.length > 0 ? pool : facts.filter((a) => !not.includes(a.id)));
  };
  return { facts, pickArtist };
}

export interface ArtistLabels {
  /** The label an artist founded, named in their bio. */
  foundedBy: ReadonlyMap<number, string>;
  labelsFor: (genre: Genre) => DemoCatalogue['labels'];
}

export function buildArtists(
  build: DemoBuild,
  facts: readonly ArtistFacts[],
  { foundedBy, labelsFor }: ArtistLabels,
): DemoCatalogue['artists'] {
  const { r } = build;
  return facts.map((a) => {
    const slug = slugify(a.name);
    const handle = slug.replaceAll('-', '');
    const hasBeatport = r.chance(0.92);
    return {
      id: a.id,
      name: a.name,
      bio: artistBio(r, {
        name: a.name,
        hometown: r.pick(HOMETOWNS),
        genres: a.genres,
        since: r.int(2003, 2019),
        label: foundedBy.get(a.id) ?? r.pick(labelsFor(a.genres[0] as Genre)).name,
        venue: r.pick(VENUE_SEEDS).name,
      }),
      ...withArt(build, 'artist', a.id, a.name),
      beatport: hasBeatport ? `https://www.beatport.com/artist/${slug}/${100000 + a.id * 37}` : null,
      // every artist has at least one social link
      instagram: !hasBeatport || r.chance(0.85) ? `https://www.instagram.com/${handle}` : null,
      youtube: r.chance(0.5) ? `https://www.youtube.com/@${handle}` : null,
      website: r.chance(0.35) ? `https://${handle}.com` : null,
    };
  });
}
