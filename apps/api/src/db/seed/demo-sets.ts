// The demo's sets, in recording order so that IDs are heard before they are released: who plays
// (sometimes back to back), where (a festival, a venue, or a studio or label mix), who curates it, the
// tracks it plays (with one to three IDs), and which of its new IDs come out later as tracks.
import { GENRES, type Genre } from '@cratedig/contract/constants';
import type { ArtistFacts, PickArtist } from './demo-artists';
import {
  audioPath,
  CATALOGUE_END,
  DAY_MS,
  type DemoBuild,
  dayBetween,
  isoDate,
  SETS_FROM,
  SETS_TO,
  slugify,
  TRACKS_FROM,
  withArt,
} from './demo-build';
import type { DemoLabels } from './demo-labels';
import { GENRE_BPM, NEIGHBOUR_GENRES } from './demo-names';
import type { DemoCatalogue, DemoSet } from './demo-rows';
import type { TrackBook } from './demo-tracks';

export interface SetSizes {
  perGenre: number;
  minutes: { min: number; max: number };
  tracks: { min: number; max: number };
}

export interface SetSources {
  pickArtist: PickArtist;
  labelsFor: DemoLabels['labelsFor'];
  festivals: DemoCatalogue['festivals'];
  venues: DemoCatalogue['venues'];
  book: TrackBook;
}

export interface DemoSets {
  sets: DemoSet[];
  setArtists: DemoCatalogue['setArtists'];
  setSponsors: DemoCatalogue['setSponsors'];
  idReleases: DemoCatalogue['idReleases'];
}

/** An ID still unreleased, which a later set of a close genre may play again. */
interface OpenId {
  trackId: number;
  genre: Genre;
  artist: ArtistFacts;
}

interface Sponsor {
  type: string;
  artistId?: number;
  labelId?: number;
  name: string;
}

export function buildSets(build: DemoBuild, sources: SetSources, sizes: SetSizes): DemoSets {
  const { r } = build;
  const plans = GENRES.flatMap((genre) =>
    Array.from({ length: sizes.perGenre }, () => ({ genre, dateMs: dayBetween(r, SETS_FROM, SETS_TO) })),
  ).sort((a, b) => a.dateMs - b.dateMs);

  const out: DemoSets = { sets: [], setArtists: [], setSponsors: [], idReleases: [] };
  const openIds: OpenId[] = [];
  plans.forEach(({ genre, dateMs }, index) => {
    const setId = index + 1;
    const performers = pickPerformers(build, sources.pickArtist, genre);
    const artistLine = performers.map((p) => p.name).join(' b2b ');
    const where = r.next();
    const festival = where < 0.45 ? r.pick(sources.festivals) : undefined;
    const venue = !festival && where < 0.9 ? r.pick(sources.venues) : undefined;
    const sponsorLabel = r.pick(sources.labelsFor(genre));
    const labelCurated = r.chance(0.45);
    const setName = nameSet(build, { artistLine, dateMs, festival, venue, labelCurated, sponsorLabel });

    const sponsors = pickSponsors(build, performers, labelCurated ? sponsorLabel : undefined);
    sponsors.forEach((s, i) => {
      out.setSponsors.push({
        setId,
        position: i + 1,
        sponsorType: s.type,
        artistId: s.artistId ?? null,
        labelId: s.labelId ?? null,
      });
    });
    performers.forEach((p, i) => {
      out.setArtists.push({ setId, artistId: p.id, position: i + 1 });
    });

    // Length skewed towards the short end: the audio of every set must fit 100 MB in all.
    const { min, max } = sizes.minutes;
    const minutes = min + Math.floor((max - min + 1) * r.next() ** 1.7);
    const { slots, newIds } = playlist(build, sources, sizes, { setId, genre, dateMs, performers, openIds });
    releaseLater(build, sources.book, { genre, dateMs, newIds, openIds, releases: out.idReleases });

    const images = withArt(build, 'set', setId, setName);
    const audioBaseName = `${setId}-${slugify(setName)}`.slice(0, 60);
    out.sets.push({
      row: {
        id: setId,
        setName,
        artist: artistLine,
        curator: sponsors[0]?.name ?? null,
        genre,
        releaseDate: isoDate(dateMs),
        durationMs: minutes * 60_000,
        ...images,
        audioPath: `/media/${audioPath(audioBaseName)}`,
        festivalId: festival?.id ?? null,
        venueId: venue?.id ?? null,
        createdAt: new Date(dateMs + 2 * DAY_MS),
      },
      audioBaseName,
      slots,
    });
  });
  return out;
}

/** One performer; three in ten sets are back to back, a few with a third from a close genre. */
function pickPerformers(build: DemoBuild, pickArtist: PickArtist, genre: Genre): ArtistFacts[] {
  const { r } = build;
  const performers = [pickArtist(genre)];
  const b2b = r.next();
  if (b2b < 0.3)
    performers.push(
      pickArtist(
        genre,
        performers.map((p) => p.id),
      ),
    );
  if (b2b < 0.06)
    performers.push(
      pickArtist(
        r.pick(NEIGHBOUR_GENRES[genre]),
        performers.map((p) => p.id),
      ),
    );
  return performers;
}

function nameSet(
  build: DemoBuild,
  set: {
    artistLine: string;
    dateMs: number;
    festival: DemoCatalogue['festivals'][number] | undefined;
    venue: DemoCatalogue['venues'][number] | undefined;
    labelCurated: boolean;
    sponsorLabel: DemoCatalogue['labels'][number];
  },
): string {
  const { r } = build;
  const { artistLine, dateMs, festival, venue } = set;
  const year = new Date(dateMs).getUTCFullYear();
  if (festival) {
    return r.pick([
      `${artistLine} at ${festival.name} ${year}`,
      `${artistLine} – ${festival.name} ${year} (Sunrise Set)`,
      `${festival.name} ${year}: ${artistLine}`,
    ]);
  }
  if (venue) {
    return r.pick([
      `${artistLine} @ ${venue.name}, ${venue.city}`,
      `${artistLine} – Closing Set at ${venue.name}`,
      `${artistLine} All Night Long, ${venue.name}`,
    ]);
  }
  return set.labelCurated
    ? `${set.sponsorLabel.name} Showcase Mix ${year}: ${artistLine}`
    : `${artistLine} – Studio Mix ${new Date(dateMs).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`;
}

/** Curators: the lead performer, or a label; sometimes both, the label first. */
function pickSponsors(
  build: DemoBuild,
  performers: readonly ArtistFacts[],
  label: DemoCatalogue['labels'][number] | undefined,
): Sponsor[] {
  const lead = performers[0] as ArtistFacts;
  const byLead: Sponsor = { type: 'artist_meta', artistId: lead.id, name: lead.name };
  if (!label) return [byLead];
  const sponsors: Sponsor[] = [{ type: label.sponsorType ?? 'label', labelId: label.id, name: label.name }];
  if (build.r.chance(0.3)) sponsors.push(byLead);
  return sponsors;
}

/**
 * The set's tracks in order: released tracks of its genre (sometimes a close one) that are out by the
 * set's date, and one to three IDs, either new ones or, now and then, an unreleased ID of a close genre
 * heard in an earlier set.
 */
function playlist(
  build: DemoBuild,
  { pickArtist, book }: SetSources,
  sizes: SetSizes,
  set: { setId: number; genre: Genre; dateMs: number; performers: ArtistFacts[]; openIds: OpenId[] },
): { slots: DemoSet['slots']; newIds: { trackId: number; artist: ArtistFacts }[] } {
  const { r } = build;
  const { setId, genre, dateMs, performers, openIds } = set;
  const count = r.int(sizes.tracks.min, sizes.tracks.max);
  const idSlots = new Set<number>();
  const idCount = r.int(1, 3);
  while (idSlots.size < idCount) idSlots.add(r.int(2, count));

  const used = new Set<number>();
  const slots: DemoSet['slots'] = [];
  const newIds: { trackId: number; artist: ArtistFacts }[] = [];
  for (let position = 1; position <= count; position++) {
    let trackId: number;
    if (idSlots.has(position)) {
      const reusable = openIds.filter(
        (o) => (o.genre === genre || NEIGHBOUR_GENRES[genre].includes(o.genre)) && !used.has(o.trackId),
      );
      const reuse = reusable.length > 0 && r.chance(0.3) ? r.pick(reusable) : undefined;
      if (reuse) {
        trackId = reuse.trackId;
      } else {
        const who = r.chance(0.6) ? r.pick(performers) : pickArtist(genre);
        const idRow = book.add({
          title: 'ID',
          artist: who.name,
          mixType: 'ID',
          mixName: null,
          labelId: null,
          labelName: null,
          releaseDate: null,
          bpm: null,
          key: null,
          genre,
          purchaseUrl: null,
          foundInSetId: setId,
          // first heard: during the recording, 22:00 UTC onwards
          createdDt: new Date(dateMs + 22 * 3_600_000 + position * 180_000),
        });
        book.trackArtists.push({ trackId: idRow.id, artistId: who.id, role: 'ID', position: 1 });
        newIds.push({ trackId: idRow.id, artist: who });
        trackId = idRow.id;
      }
    } else {
      const fromGenre = r.chance(0.7) ? genre : r.pick(NEIGHBOUR_GENRES[genre]);
      const candidates = (book.pools.get(fromGenre) ?? []).filter((id) => {
        const t = book.byId.get(id);
        return !used.has(id) && t?.releaseDate != null && t.releaseDate <= isoDate(dateMs);
      });
      trackId =
        candidates.length > 0
          ? r.pick(candidates)
          : book.released(fromGenre, dayBetween(r, TRACKS_FROM, dateMs)).id;
    }
    used.add(trackId);
    const t = book.byId.get(trackId);
    const [lo, hi] = GENRE_BPM[genre];
    slots.push({
      trackId,
      weight: r.range(0.7, 1.3),
      genre: (t?.genre as Genre | null | undefined) ?? genre,
      bpm: t?.bpm ?? r.int(lo, hi),
    });
  }
  return { slots, newIds };
}

/**
 * Some IDs come out as tracks 45 to 420 days after the set (before the demo's "today"), produced by
 * the artist who played them first; the rest stay open for later sets to play again.
 */
function releaseLater(
  build: DemoBuild,
  book: TrackBook,
  set: {
    genre: Genre;
    dateMs: number;
    newIds: { trackId: number; artist: ArtistFacts }[];
    openIds: OpenId[];
    releases: DemoCatalogue['idReleases'];
  },
): void {
  const { r } = build;
  for (const id of set.newIds) {
    const releaseMs = set.dateMs + r.int(45, 420) * DAY_MS;
    if (r.chance(0.45) && releaseMs <= CATALOGUE_END) {
      const released = book.released(set.genre, releaseMs, id.artist);
      set.releases.push({
        idTrackId: id.trackId,
        releasedTrackId: released.id,
        releasedAt: new Date(releaseMs + 9 * 3_600_000),
      });
    } else {
      set.openIds.push({ trackId: id.trackId, genre: set.genre, artist: id.artist });
    }
  }
}
