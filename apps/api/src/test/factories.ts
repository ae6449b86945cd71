// Factories for API tests: the fewest rows an item needs to appear on the wire. A test names only
// what it is about (`createSet(app, { genre: 'Deep House' })`); everything else gets a plain unique
// value, and missing parents (the set's performer, a track's label or credited artist) are created.
// After creating items that lists count or search finds, call refreshCatalogue(): counts and search
// documents are maintained by the catalogue's writers, as after an import.
import type { Genre, MixType } from '@cratedig/contract/constants';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  artists,
  festivals,
  labels,
  setArtists,
  setSponsors,
  sets,
  setTracks,
  trackArtists,
  tracks,
  venues,
} from '../db/schema';

type App = Pick<FastifyInstance, 'db'>;

let sequence = 0;

/** The one row an insert … returning answers. */
function inserted<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('factory insert returned no row');
  return row;
}
const nextNumber = () => {
  sequence += 1;
  return sequence;
};

export async function createArtist(app: App, overrides: { name?: string } = {}): Promise<number> {
  const row = inserted(
    await app.db
      .insert(artists)
      .values({ name: overrides.name ?? `Artist ${nextNumber()}` })
      .returning({ id: artists.id }),
  );
  return row.id;
}

export async function createLabel(
  app: App,
  overrides: { name?: string; sponsorType?: 'label' | 'label_meta' } = {},
): Promise<number> {
  const row = inserted(
    await app.db
      .insert(labels)
      .values({
        name: overrides.name ?? `Label ${nextNumber()}`,
        sponsorType: overrides.sponsorType ?? 'label',
      })
      .returning({ id: labels.id }),
  );
  return row.id;
}

export interface TrackOverrides {
  title?: string;
  /** The artist line; 'Artist' unless a credited artist gives it. */
  artist?: string;
  /** Credits this artist as producer (or as the ID's artist); created when `credited` is true. */
  artistId?: number;
  credited?: boolean;
  mixType?: MixType;
  genre?: Genre | null;
  /** A label id, or true to create one. */
  label?: number | true;
  releaseDate?: string | null;
  /** For an ID: the set it was first heard in. */
  foundInSetId?: number;
  purchaseUrl?: string | null;
  bpm?: number | null;
  /** A remix or edit's name ('Mira Remix'); give mixType 'remix' or 'edit' with it. */
  mixName?: string;
  /** Credits this artist as the mixer (the remixer of a remix). */
  remixerId?: number;
}

export async function createTrack(app: App, overrides: TrackOverrides = {}): Promise<number> {
  const n = nextNumber();
  const mixType = overrides.mixType ?? 'original_mix';
  const isId = mixType === 'ID';
  const artistId =
    overrides.artistId ??
    (overrides.credited ? await createArtist(app, { name: overrides.artist }) : undefined);
  const labelId = overrides.label === true ? await createLabel(app) : overrides.label;
  const label =
    labelId === undefined
      ? undefined
      : (await app.db.select({ name: labels.name }).from(labels).where(eq(labels.id, labelId)))[0];
  const row = inserted(
    await app.db
      .insert(tracks)
      .values({
        title: overrides.title ?? `Track ${n}`,
        artist: overrides.artist ?? 'Artist',
        mixType,
        genre: isId ? null : overrides.genre === undefined ? 'Techno' : overrides.genre,
        labelId: labelId ?? null,
        labelName: label?.name ?? null,
        bpm: overrides.bpm ?? null,
        releaseDate: isId ? null : overrides.releaseDate === undefined ? '2024-01-15' : overrides.releaseDate,
        foundInSetId: overrides.foundInSetId ?? null,
        mixName: overrides.mixName ?? null,
        purchaseUrl: overrides.purchaseUrl ?? null,
      })
      .returning({ id: tracks.id }),
  );
  if (artistId !== undefined) {
    await app.db
      .insert(trackArtists)
      .values({ trackId: row.id, artistId, role: isId ? 'ID' : 'producer', position: 1 });
  }
  if (overrides.remixerId !== undefined) {
    await app.db
      .insert(trackArtists)
      .values({ trackId: row.id, artistId: overrides.remixerId, role: 'mixer', position: 2 });
  }
  return row.id;
}

export interface SetOverrides {
  name?: string;
  genre?: Genre;
  releaseDate?: string;
  /** The performer; one is created when not given. */
  artistId?: number;
  /** The set's artist line, and the name of the performer created when artistId is not given. */
  performer?: string;
  /** [start_time, end_time] in seconds per set track, in track_position order; a track each. */
  tracks?: [number, number][];
  /** Reuse these track ids for the list above (same length), e.g. a track heard in several sets. */
  trackIds?: number[];
  audioPath?: string | null;
  durationMs?: number;
  /** The festival it was recorded at, created under this name. */
  festival?: string;
  /** The venue it was recorded at, created under this name. */
  venue?: string;
  /** Or an existing festival or venue (createFestival, createVenue), for several sets at one place. */
  festivalId?: number;
  venueId?: number;
}

export interface CreatedSet {
  id: number;
  artistId: number;
  trackIds: number[];
}

export async function createSet(app: App, overrides: SetOverrides = {}): Promise<CreatedSet> {
  const n = nextNumber();
  const performer = overrides.performer ?? `Performer ${n}`;
  const artistId = overrides.artistId ?? (await createArtist(app, { name: performer }));
  const set = inserted(
    await app.db
      .insert(sets)
      .values({
        setName: overrides.name ?? `Set ${n}`,
        artist: performer,
        genre: overrides.genre ?? 'Techno',
        releaseDate: overrides.releaseDate ?? '2024-05-01',
        durationMs: overrides.durationMs ?? 3_600_000,
        audioPath: overrides.audioPath ?? null,
        festivalId:
          overrides.festivalId ??
          (overrides.festival === undefined ? null : await createFestival(app, overrides.festival)),
        venueId:
          overrides.venueId ??
          (overrides.venue === undefined ? null : await createVenue(app, overrides.venue)),
      })
      .returning({ id: sets.id }),
  );
  await app.db.insert(setArtists).values({ setId: set.id, artistId, position: 1 });
  const trackIds: number[] = [];
  for (const [index, [startTime, endTime]] of (overrides.tracks ?? []).entries()) {
    const trackId = overrides.trackIds?.[index] ?? (await createTrack(app));
    trackIds.push(trackId);
    await app.db
      .insert(setTracks)
      .values({ setId: set.id, trackPosition: index + 1, trackId, startTime, endTime });
  }
  return { id: set.id, artistId, trackIds };
}

/** Adds a track to the end of a set's track list, from `startTime` to `endTime` seconds. */
export async function appendSetTrack(
  app: App,
  setId: number,
  trackId: number,
  [startTime, endTime]: [number, number],
): Promise<number> {
  const rows = await app.db
    .select({ position: setTracks.trackPosition })
    .from(setTracks)
    .where(eq(setTracks.setId, setId));
  const trackPosition = Math.max(0, ...rows.map((row) => row.position)) + 1;
  await app.db.insert(setTracks).values({ setId, trackPosition, trackId, startTime, endTime });
  return trackPosition;
}

/** Makes a label the set's first curator (set_sponsors[0]), which also names the set's curator sort key. */
export async function sponsorSet(app: App, setId: number, labelId: number): Promise<void> {
  const [label] = await app.db.select({ name: labels.name }).from(labels).where(eq(labels.id, labelId));
  await app.db.insert(setSponsors).values({ setId, position: 1, sponsorType: 'label', labelId });
  await app.db
    .update(sets)
    .set({ curator: label?.name ?? null })
    .where(eq(sets.id, setId));
}

export async function createFestival(app: App, name: string): Promise<number> {
  const row = inserted(await app.db.insert(festivals).values({ name }).returning({ id: festivals.id }));
  return row.id;
}

export async function createVenue(app: App, name: string): Promise<number> {
  const row = inserted(await app.db.insert(venues).values({ name }).returning({ id: venues.id }));
  return row.id;
}

export interface SampleCatalogue {
  labelIds: number[];
  artistIds: number[];
  /** An ID (unreleased track) credited to the first artist, heard in the first set: track id 1. */
  idTrackId: number;
  trackIds: number[];
  setIds: number[];
}

/**
 * A small catalogue where ids 1 to 3 name a label, an artist, a set, a festival and a venue each, and
 * track 1 is an ID: for tests that address items by plain ids on a just-emptied database.
 */
export async function createSampleCatalogue(app: App): Promise<SampleCatalogue> {
  const labelIds = await several(3, () => createLabel(app));
  const artistIds = await several(3, () => createArtist(app));
  const idTrackId = await createTrack(app, { mixType: 'ID', artistId: artistIds[0] });
  const trackIds: number[] = [];
  const setIds: number[] = [];
  for (const [index, artistId] of artistIds.entries()) {
    const made = await several(2, () =>
      createTrack(app, { artistId, label: labelIds[index], genre: index === 1 ? 'House' : 'Techno' }),
    );
    trackIds.push(...made);
    const played = index === 0 ? [idTrackId, ...made] : made;
    const set = await createSet(app, {
      artistId,
      festival: `Festival ${index + 1}`,
      venue: `Venue ${index + 1}`,
      tracks: played.map((_, i): [number, number] => [i * 300, (i + 1) * 300]),
      trackIds: played,
    });
    setIds.push(set.id);
  }
  await app.db.update(tracks).set({ foundInSetId: setIds[0] }).where(eq(tracks.id, idTrackId));
  await refreshCatalogue(app);
  return { labelIds, artistIds, idTrackId, trackIds, setIds };
}

/** `n` items made one after the other (ids in creation order), e.g. `several(4, () => createLabel(app))`. */
export async function several<T>(n: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < n; i++) made.push(await make());
  return made;
}

/** Brings maintained counts, relations and search documents up to date, as every catalogue writer does. */
export async function refreshCatalogue(app: App): Promise<void> {
  await app.db.execute(sql`select refresh_catalogue_stats()`);
  await app.db.execute(sql`select refresh_catalogue_relations()`);
  await app.db.execute(sql`select refresh_search_documents()`);
}

/** A deterministic PRNG (mulberry32) so a failing random sequence can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
