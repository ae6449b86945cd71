// The demo catalogue as plain rows, built from one seeded random source: the same rows, ids and times
// on every run and machine (issue 2 §7). No I/O here; demo.ts renders media and writes the rows.
import { GENRES, type Genre } from '@cratedig/contract/constants';
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
import { artistBio, labelBio } from './demo-bios';
import {
  ARTIST_NAMES,
  FESTIVAL_SEEDS,
  GENRE_BPM,
  HOMETOWNS,
  KEYS,
  LABEL_SEEDS,
  NEIGHBOUR_GENRES,
  trackTitle,
  VENUE_SEEDS,
} from './demo-names';
import { createRandom, type Random } from './media/random';

export type ArtKind = 'set' | 'track' | 'artist' | 'label' | 'festival' | 'venue';

/** One picture to render: its kind, the seed that makes it distinct, and its file base name. */
export interface ArtJob {
  kind: ArtKind;
  seed: string;
  baseName: string;
}

export interface DemoSet {
  row: typeof sets.$inferInsert & { id: number; durationMs: number; genre: Genre };
  audioBaseName: string;
  /** Relative lengths of the set tracks; times are tiled from them once the real duration is known. */
  slots: { trackId: number; weight: number; genre: Genre; bpm: number }[];
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
// The demo's "today": dates are fixed so that every run gives the same catalogue.
const CATALOGUE_END = Date.UTC(2025, 9, 31);
const SETS_FROM = Date.UTC(2019, 2, 1);
const SETS_TO = Date.UTC(2025, 9, 15);
const TRACKS_FROM = Date.UTC(2013, 0, 1);
const DAY_MS = 86_400_000;

export const SETS_PER_GENRE = 2;
export const SET_MINUTES = { min: 15, max: 30 } as const;
export const SET_TRACKS = { min: 8, max: 15 } as const;

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Art paths as renderArtwork writes them (relative to the media folder), stored under /media/. */
export function artPaths(kind: ArtKind, baseName: string): { sm: string; xl: string } {
  return { sm: `art/${kind}s/${baseName}-sm.jpg`, xl: `art/${kind}s/${baseName}-xl.jpg` };
}

export function audioPath(baseName: string): string {
  return `audio/sets/${baseName}.mp3`;
}

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

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayBetween = (r: Random, from: number, to: number) =>
  from + Math.floor(r.next() * Math.floor((to - from) / DAY_MS)) * DAY_MS;

interface ArtistFacts {
  id: number;
  name: string;
  genres: Genre[];
}

export function buildDemoCatalogue(): DemoCatalogue {
  const r = createRandom(SEED);
  const art: ArtJob[] = [];
  const withArt = (kind: ArtKind, id: number, name: string) => {
    const baseName = `${id}-${slugify(name)}`.slice(0, 60);
    art.push({ kind, seed: `${kind}:${id}:${name}`, baseName });
    const p = artPaths(kind, baseName);
    return { artUrlSm: `/media/${p.sm}`, artUrlXl: `/media/${p.xl}` };
  };

  // Artists: each has two home genres that drive which tracks, labels and sets they appear on.
  const facts: ArtistFacts[] = ARTIST_NAMES.map((name, i) => {
    const main = GENRES[i % GENRES.length] as Genre;
    return { id: i + 1, name, genres: [main, r.pick(NEIGHBOUR_GENRES[main])] };
  });
  const byGenre = (genre: Genre) => facts.filter((a) => a.genres.includes(genre));
  const pickArtist = (genre: Genre, not: readonly number[] = []) => {
    const pool = byGenre(genre).filter((a) => !not.includes(a.id));
    return r.pick(pool.length > 0 ? pool : facts.filter((a) => !not.includes(a.id)));
  };

  // Labels and their founders.
  const labelRows: DemoCatalogue['labels'] = [];
  const bosses: DemoCatalogue['labelBosses'] = [];
  const foundedBy = new Map<number, string>();
  LABEL_SEEDS.forEach((seed, i) => {
    const id = i + 1;
    const first = pickArtist(seed.genres[0] as Genre);
    const founders = [first];
    if (r.chance(0.3)) founders.push(pickArtist(seed.genres[1] as Genre, [first.id]));
    for (const f of founders) {
      bosses.push({ labelId: id, artistId: f.id });
      if (!foundedBy.has(f.id)) foundedBy.set(f.id, seed.name);
    }
    const slug = slugify(seed.name);
    const images = withArt('label', id, seed.name);
    labelRows.push({
      id,
      name: seed.name,
      sponsorType: seed.full ? 'label_meta' : 'label',
      bio: seed.full
        ? labelBio(r, {
            name: seed.name,
            city: seed.city,
            founders: founders.map((f) => f.name),
            genres: seed.genres,
            since: r.int(2004, 2020),
          })
        : null,
      ...images,
      logoUrl: images.artUrlSm,
      socials: {
        instagram: `https://www.instagram.com/${slug.replaceAll('-', '')}`,
        ...(r.chance(0.7) ? { soundcloud: `https://soundcloud.com/${slug}` } : {}),
        ...(seed.full ? { website: `https://${slug.replaceAll('-', '')}.com` } : {}),
      },
    });
  });
  const labelsFor = (genre: Genre) => {
    const pool = labelRows.filter((l) => LABEL_SEEDS[l.id - 1]?.genres.includes(genre));
    return pool.length > 0 ? pool : labelRows;
  };

  const festivalRows = FESTIVAL_SEEDS.map((f, i) => ({
    id: i + 1,
    ...f,
    ...withArt('festival', i + 1, f.name),
  }));
  const venueRows = VENUE_SEEDS.map((v, i) => ({ id: i + 1, ...v, ...withArt('venue', i + 1, v.name) }));

  const artistRows: DemoCatalogue['artists'] = facts.map((a) => {
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
      ...withArt('artist', a.id, a.name),
      beatport: hasBeatport ? `https://www.beatport.com/artist/${slug}/${100000 + a.id * 37}` : null,
      // every artist has at least one link (issue 2 §7: artists with social links)
      instagram: !hasBeatport || r.chance(0.85) ? `https://www.instagram.com/${handle}` : null,
      youtube: r.chance(0.5) ? `https://www.youtube.com/@${handle}` : null,
      website: r.chance(0.35) ? `https://${handle}.com` : null,
    };
  });

  // Tracks.
  const trackRows: DemoCatalogue['tracks'] = [];
  const credits: DemoCatalogue['trackArtists'] = [];
  const pools = new Map<Genre, number[]>(GENRES.map((g) => [g, []]));
  const trackById = new Map<number, DemoCatalogue['tracks'][number]>();
  const addTrack = (row: Omit<DemoCatalogue['tracks'][number], 'id' | 'artUrlSm' | 'artUrlXl'>) => {
    const id = trackRows.length + 1;
    const full = { id, ...row, ...withArt('track', id, `${row.artist} ${row.title}`) };
    trackRows.push(full);
    trackById.set(id, full);
    return full;
  };

  const releasedTrack = (genre: Genre, releaseMs: number, producer?: ArtistFacts) => {
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
    const row = addTrack({
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
        ? `https://www.beatport.com/track/${slugify(title)}/${2000000 + trackRows.length * 53}`
        : null,
      foundInSetId: null,
      createdDt: new Date(releaseMs),
    });
    let position = 1;
    for (const p of people)
      credits.push({ trackId: row.id, artistId: p.id, role: 'producer', position: position++ });
    if (feat) credits.push({ trackId: row.id, artistId: feat.id, role: 'feat', position: position++ });
    if (mixer) credits.push({ trackId: row.id, artistId: mixer.id, role: 'mixer', position: position++ });
    pools.get(genre)?.push(row.id);
    return row;
  };

  for (const genre of GENRES) {
    for (let i = 0; i < 14; i++) releasedTrack(genre, dayBetween(r, TRACKS_FROM, SETS_TO));
  }

  // Sets, in recording order so that IDs are heard before they are released.
  const plans = GENRES.flatMap((genre) =>
    Array.from({ length: SETS_PER_GENRE }, () => ({ genre, dateMs: dayBetween(r, SETS_FROM, SETS_TO) })),
  ).sort((a, b) => a.dateMs - b.dateMs);

  const setsOut: DemoSet[] = [];
  const setArtistRows: DemoCatalogue['setArtists'] = [];
  const sponsorRows: DemoCatalogue['setSponsors'] = [];
  const releases: DemoCatalogue['idReleases'] = [];
  const openIds: { trackId: number; genre: Genre; artist: ArtistFacts }[] = [];

  plans.forEach((plan, index) => {
    const setId = index + 1;
    const { genre, dateMs } = plan;
    const year = new Date(dateMs).getUTCFullYear();
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
    const artistLine = performers.map((p) => p.name).join(' b2b ');

    const where = r.next();
    const festival = where < 0.45 ? r.pick(festivalRows) : undefined;
    const venue = !festival && where < 0.9 ? r.pick(venueRows) : undefined;
    const sponsorLabel = r.pick(labelsFor(genre));
    const labelCurated = r.chance(0.45);
    let setName: string;
    if (festival) {
      setName = r.pick([
        `${artistLine} at ${festival.name} ${year}`,
        `${artistLine} – ${festival.name} ${year} (Sunrise Set)`,
        `${festival.name} ${year}: ${artistLine}`,
      ]);
    } else if (venue) {
      setName = r.pick([
        `${artistLine} @ ${venue.name}, ${venue.city}`,
        `${artistLine} – Closing Set at ${venue.name}`,
        `${artistLine} All Night Long, ${venue.name}`,
      ]);
    } else {
      setName = labelCurated
        ? `${sponsorLabel.name} Showcase Mix ${year}: ${artistLine}`
        : `${artistLine} – Studio Mix ${new Date(dateMs).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`;
    }

    // Curators: the performer, or a label; sometimes both (spec §3 set_sponsors[]).
    const sponsors: { type: string; artistId?: number; labelId?: number; name: string }[] = [];
    if (labelCurated) {
      sponsors.push({
        type: sponsorLabel.sponsorType ?? 'label',
        labelId: sponsorLabel.id,
        name: sponsorLabel.name,
      });
      if (r.chance(0.3)) {
        const lead = performers[0] as ArtistFacts;
        sponsors.push({ type: 'artist_meta', artistId: lead.id, name: lead.name });
      }
    } else {
      const lead = performers[0] as ArtistFacts;
      sponsors.push({ type: 'artist_meta', artistId: lead.id, name: lead.name });
    }
    sponsors.forEach((s, i) => {
      sponsorRows.push({
        setId,
        position: i + 1,
        sponsorType: s.type,
        artistId: s.artistId ?? null,
        labelId: s.labelId ?? null,
      });
    });
    performers.forEach((p, i) => {
      setArtistRows.push({ setId, artistId: p.id, position: i + 1 });
    });

    // Length skewed towards the short end: the audio of every set must fit 100 MB in all.
    const minutes = SET_MINUTES.min + Math.floor((SET_MINUTES.max - SET_MINUTES.min + 1) * r.next() ** 1.7);
    const count = r.int(SET_TRACKS.min, SET_TRACKS.max);
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
          const idRow = addTrack({
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
          credits.push({ trackId: idRow.id, artistId: who.id, role: 'ID', position: 1 });
          newIds.push({ trackId: idRow.id, artist: who });
          trackId = idRow.id;
        }
      } else {
        const fromGenre = r.chance(0.7) ? genre : r.pick(NEIGHBOUR_GENRES[genre]);
        const candidates = (pools.get(fromGenre) ?? []).filter((id) => {
          const t = trackById.get(id);
          return !used.has(id) && t?.releaseDate != null && t.releaseDate <= isoDate(dateMs);
        });
        trackId =
          candidates.length > 0
            ? r.pick(candidates)
            : releasedTrack(fromGenre, dayBetween(r, TRACKS_FROM, dateMs)).id;
      }
      used.add(trackId);
      const t = trackById.get(trackId);
      const [lo, hi] = GENRE_BPM[genre];
      slots.push({
        trackId,
        weight: r.range(0.7, 1.3),
        genre: (t?.genre as Genre | null | undefined) ?? genre,
        bpm: t?.bpm ?? r.int(lo, hi),
      });
    }

    // Some IDs are released later as tracks (domain.md IDs, releases).
    for (const id of newIds) {
      const releaseMs = dateMs + r.int(45, 420) * DAY_MS;
      if (r.chance(0.45) && releaseMs <= CATALOGUE_END) {
        const released = releasedTrack(genre, releaseMs, id.artist);
        releases.push({
          idTrackId: id.trackId,
          releasedTrackId: released.id,
          releasedAt: new Date(releaseMs + 9 * 3_600_000),
        });
      } else {
        openIds.push({ trackId: id.trackId, genre, artist: id.artist });
      }
    }

    const images = withArt('set', setId, setName);
    const audioBaseName = `${setId}-${slugify(setName)}`.slice(0, 60);
    setsOut.push({
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

  // Featured lists for the home page (domain.md: the demo fills them).
  const feature = (kind: NonNullable<DemoCatalogue['featured'][number]['kind']>, ids: number[]) =>
    ids.map((itemId, i) => ({ kind, itemId, position: i + 1 }));
  const newest = trackRows
    .filter((t) => t.releaseDate)
    .sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? '') || b.id - a.id)
    .slice(0, 12)
    .map((t) => t.id);
  const setsByGenre = GENRES.map((g) => setsOut.filter((s) => s.row.genre === g).at(-1)?.row.id ?? 0);
  const featuredRows = [
    ...feature('sets', setsByGenre.filter((id) => id > 0).slice(0, 12)),
    ...feature('tracks', newest),
    ...feature('artists', [...new Set(setArtistRows.map((s) => s.artistId))].slice(0, 12)),
    ...feature(
      'labels',
      labelRows.filter((l) => l.sponsorType === 'label_meta').map((l) => l.id),
    ),
    ...feature(
      'festivals',
      festivalRows.slice(0, 8).map((f) => f.id),
    ),
    ...feature(
      'venues',
      venueRows.slice(0, 8).map((v) => v.id),
    ),
  ];

  return {
    artists: artistRows,
    labels: labelRows,
    labelBosses: bosses,
    festivals: festivalRows,
    venues: venueRows,
    sets: setsOut,
    setArtists: setArtistRows,
    setSponsors: sponsorRows,
    tracks: trackRows,
    trackArtists: credits,
    idReleases: releases,
    featured: featuredRows,
    art,
  };
}
