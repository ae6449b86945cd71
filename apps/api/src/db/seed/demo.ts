// Loads the demo catalogue: deterministic rows from demo-catalogue.ts, their artwork and
// playable audio rendered into the media folder, then written with upserts so a second run changes
// nothing, and finally refresh_catalogue_stats() for the maintained columns,
// refresh_catalogue_relations() for the detail tabs' relations and refresh_search_documents() for the
// search.
import { join } from 'node:path';
import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../client';
import {
  artists,
  featured,
  festivals,
  idReleases,
  labelBosses,
  labels,
  setArtists,
  setSponsors,
  sets,
  setTracks,
  trackArtists,
  tracks,
  venues,
} from '../schema/index';
import { artPaths, audioPath } from './demo-build';
import { buildDemoCatalogue, tileTimes } from './demo-catalogue';
import { seedDemoIdentifications } from './demo-identifications';
import type { DemoCatalogue } from './demo-rows';

export interface SeedDemoOptions {
  /** Absolute folder served under /media; artwork and audio are written below it. */
  mediaDir: string;
  /** false (tests) skips rendering but stores the same paths and the nominal durations. */
  media?: boolean;
  log?: (line: string) => void;
  /** Artwork jobs in flight at once (sharp renders on its own threads; audio encodes on worker threads). */
  concurrency?: number;
}

export interface SeedReport {
  counts: {
    artists: number;
    labels: number;
    festivals: number;
    venues: number;
    sets: number;
    tracks: number;
    ids: number;
    releasedIds: number;
    setTracks: number;
    featured: number;
  };
  media: { rendered: boolean; images: number; audioFiles: number; audioBytes: number; audioMinutes: number };
  timings: { buildMs: number; mediaMs: number; writeMs: number; statsMs: number; totalMs: number };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function seedDemo(database: Database, opts: SeedDemoOptions): Promise<SeedReport> {
  const log = opts.log ?? (() => {});
  const t0 = Date.now();
  const catalogue = buildDemoCatalogue();
  const tBuilt = Date.now();

  const durations = new Map<number, number>(catalogue.sets.map((s) => [s.row.id, s.row.durationMs]));
  const media = { rendered: opts.media !== false, images: 0, audioFiles: 0, audioBytes: 0, audioMinutes: 0 };
  if (media.rendered) {
    await renderMedia(catalogue, opts, durations, media, log);
  }
  const tMedia = Date.now();
  media.audioMinutes = Math.round([...durations.values()].reduce((a, b) => a + b, 0) / 60_000);

  await database.db.transaction(async (tx) => {
    await writeCatalogue(tx, catalogue, durations);
    await seedDemoIdentifications(tx, catalogue);
  });
  const tWritten = Date.now();
  await database.db.execute(sql`select refresh_catalogue_stats()`);
  // The tabs' relations read the fresh counts (their sort keys), so they come second.
  await database.db.execute(sql`select refresh_catalogue_relations()`);
  // after the stats: a search document's popularity reads them
  await database.db.execute(sql`select refresh_search_documents()`);
  const tDone = Date.now();

  const setTrackCount = catalogue.sets.reduce(
    (n, s) => n + s.slots.filter((slot) => !slot.unlisted).length,
    0,
  );
  const report: SeedReport = {
    counts: {
      artists: catalogue.artists.length,
      labels: catalogue.labels.length,
      festivals: catalogue.festivals.length,
      venues: catalogue.venues.length,
      sets: catalogue.sets.length,
      tracks: catalogue.tracks.length,
      ids: catalogue.tracks.filter((t) => t.mixType === 'ID').length,
      releasedIds: catalogue.idReleases.length,
      setTracks: setTrackCount,
      featured: catalogue.featured.length,
    },
    media,
    timings: {
      buildMs: tBuilt - t0,
      mediaMs: tMedia - tBuilt,
      writeMs: tWritten - tMedia,
      statsMs: tDone - tWritten,
      totalMs: tDone - t0,
    },
  };
  log(
    `demo catalogue: ${report.counts.sets} sets, ${report.counts.tracks} tracks, ${report.counts.artists} artists ` +
      `in ${(report.timings.totalMs / 1000).toFixed(1)} s (media ${(report.timings.mediaMs / 1000).toFixed(1)} s)`,
  );
  return report;
}

async function renderMedia(
  catalogue: DemoCatalogue,
  opts: SeedDemoOptions,
  durations: Map<number, number>,
  media: SeedReport['media'],
  log: (line: string) => void,
): Promise<void> {
  // Imported here so that tests and a seed without media never load sharp or the encoder.
  const [{ renderArtwork }, { createAudioPool }] = await Promise.all([
    import('./media/artwork'),
    import('./media/audio-pool'),
  ]);
  // Audio is encoded on worker threads (one per core) while this thread drives the artwork, whose
  // rendering sharp does on its own threads.
  const pool = createAudioPool();
  // A track sounds the same in every set that plays it: the genre and tempo of its first slot.
  const soundOf = new Map<number, { genre: string; bpm: number }>();
  for (const set of catalogue.sets) {
    for (const slot of set.slots) {
      if (!soundOf.has(slot.trackId)) soundOf.set(slot.trackId, { genre: slot.genre, bpm: slot.bpm });
    }
  }
  const audio = catalogue.sets.map(async (set) => {
    const tiles = tileTimes(
      set.slots.map((s) => s.weight),
      set.row.durationMs,
    );
    const result = await pool.render({
      outPath: join(opts.mediaDir, audioPath(set.audioBaseName)),
      durationMs: set.row.durationMs,
      segments: set.slots.map((slot, i) => {
        const heard = slot.audioTrackId ?? slot.trackId;
        const sound = soundOf.get(heard) ?? slot;
        return {
          startS: tiles[i]?.start ?? 0,
          endS: tiles[i]?.end ?? 0,
          seed: `track:${heard}`,
          genre: sound.genre,
          bpm: sound.bpm,
        };
      }),
    });
    durations.set(set.row.id, result.durationMs);
    media.audioFiles += 1;
    media.audioBytes += result.bytes;
    if (media.audioFiles % 10 === 0) log(`demo audio: ${media.audioFiles}/${catalogue.sets.length} sets`);
  });
  const jobs: (() => Promise<void>)[] = [];
  for (const job of catalogue.art) {
    jobs.push(async () => {
      const paths = await renderArtwork({
        kind: job.kind,
        seed: job.seed,
        outDir: opts.mediaDir,
        baseName: job.baseName,
      });
      const expected = artPaths(job.kind, job.baseName);
      if (paths.sm !== expected.sm || paths.xl !== expected.xl) {
        throw new Error(
          `artwork paths ${paths.sm}, ${paths.xl} differ from the stored ${expected.sm}, ${expected.xl}`,
        );
      }
      media.images += 2;
    });
  }
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      await job();
      done += 1;
      if (done % 200 === 0) log(`demo artwork: ${done}/${jobs.length}`);
    }
  };
  try {
    await Promise.all([...audio, ...Array.from({ length: opts.concurrency ?? 4 }, worker)]);
  } finally {
    await pool.close();
  }
}

/** `set col = excluded.col` for the columns the rows carry, minus the conflict target and kept ones. */
function excludedSet(table: PgTable, row: object, skip: readonly string[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(row)) {
    const column = columns[key];
    if (!column || skip.includes(key)) continue;
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

async function upsert<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  target: PgColumn[],
  targetKeys: readonly string[],
  keep: readonly string[] = [],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const set = excludedSet(table, first, [...targetKeys, ...keep]);
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const insert = tx.insert(table).values(chunk);
    if (Object.keys(set).length === 0) await insert.onConflictDoNothing({ target });
    // The set keys are column keys of `table`, which is what Drizzle's set type describes.
    else
      await insert.onConflictDoUpdate({
        target,
        set: set as Parameters<typeof insert.onConflictDoUpdate>[0]['set'],
      });
  }
}

async function writeCatalogue(tx: Tx, c: DemoCatalogue, durations: Map<number, number>): Promise<void> {
  await upsert(tx, artists, c.artists, [artists.id], ['id']);
  await upsert(tx, labels, c.labels, [labels.id], ['id']);
  await upsert(
    tx,
    labelBosses,
    c.labelBosses,
    [labelBosses.labelId, labelBosses.artistId],
    ['labelId', 'artistId'],
  );
  await upsert(tx, festivals, c.festivals, [festivals.id], ['id']);
  await upsert(tx, venues, c.venues, [venues.id], ['id']);
  const setRows = c.sets.map((s) => ({ ...s.row, durationMs: durations.get(s.row.id) ?? s.row.durationMs }));
  // likes are the users' moment likes: a re-seed must not reset them
  await upsert(tx, sets, setRows, [sets.id], ['id'], ['likes']);
  await upsert(tx, tracks, c.tracks, [tracks.id], ['id']);
  await upsert(
    tx,
    trackArtists,
    c.trackArtists,
    [trackArtists.trackId, trackArtists.artistId, trackArtists.role],
    ['trackId', 'artistId', 'role'],
  );
  await upsert(tx, setArtists, c.setArtists, [setArtists.setId, setArtists.artistId], ['setId', 'artistId']);
  await upsert(
    tx,
    setSponsors,
    c.setSponsors,
    [setSponsors.setId, setSponsors.position],
    ['setId', 'position'],
  );

  const entries = c.sets.flatMap((s) => {
    const tiles = tileTimes(
      s.slots.map((slot) => slot.weight),
      durations.get(s.row.id) ?? s.row.durationMs,
    );
    // an unlisted slot plays in the audio but has no entry: the positions skip nothing
    return s.slots
      .map((slot, i) => ({ slot, tile: tiles[i] }))
      .filter(({ slot }) => !slot.unlisted)
      .map(({ slot, tile }, i) => ({
        setId: s.row.id,
        trackPosition: i + 1,
        trackId: slot.trackId,
        startTime: tile?.start ?? 0,
        endTime: tile?.end ?? 1,
      }));
  });
  // Drop positions beyond a set's current length (only matters if the demo definition changed).
  for (const s of c.sets) {
    const listed = s.slots.filter((slot) => !slot.unlisted).length;
    await tx.execute(sql`delete from set_tracks where set_id = ${s.row.id} and track_position > ${listed}`);
  }
  await upsert(
    tx,
    setTracks,
    entries,
    [setTracks.setId, setTracks.trackPosition],
    ['setId', 'trackPosition'],
    ['likes'],
  );
  await upsert(tx, idReleases, c.idReleases, [idReleases.idTrackId], ['idTrackId']);

  // The demo owns the editorial featured lists: replace them whole so positions never collide.
  const kinds = [...new Set(c.featured.map((f) => f.kind))];
  await tx.delete(featured).where(inArray(featured.kind, kinds));
  await tx.insert(featured).values(c.featured);

  // Fixed ids were inserted explicitly: move each identity sequence past them.
  for (const table of ['artists', 'labels', 'festivals', 'venues', 'sets', 'tracks']) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
      ),
    );
  }
}
