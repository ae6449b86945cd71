// Factories for the player's API tests: the smallest catalogue rows a set needs to appear on the wire
// (a performer, optionally a track list and an audio path), inserted directly.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/rows';

let sequence = 0;

async function one<R>(app: FastifyInstance, statement: ReturnType<typeof sql>): Promise<R> {
  const row = (await queryRows<R>(app.db, statement))[0];
  if (!row) throw new Error('factory insert returned no row');
  return row;
}

export async function createTrack(app: FastifyInstance, overrides: { title?: string } = {}): Promise<number> {
  sequence += 1;
  const title = overrides.title ?? `Track ${sequence}`;
  const row = await one<{ id: number }>(
    app,
    sql`insert into tracks (title, artist, mix_type) values (${title}, ${'Artist'}, 'original_mix') returning id`,
  );
  return row.id;
}

export interface SetOverrides {
  name?: string;
  /** [start_time, end_time] in seconds per set track, in track_position order; a track each. */
  tracks?: [number, number][];
  /** Reuse these track ids for the list above (same length), e.g. a track heard in several sets. */
  trackIds?: number[];
  audioPath?: string | null;
}

export interface CreatedSet {
  id: number;
  trackIds: number[];
}

export async function createSet(app: FastifyInstance, overrides: SetOverrides = {}): Promise<CreatedSet> {
  sequence += 1;
  const artist = await one<{ id: number }>(
    app,
    sql`insert into artists (name) values (${`Performer ${sequence}`}) returning id`,
  );
  const set = await one<{ id: number }>(
    app,
    sql`insert into sets (set_name, artist, genre, release_date, duration_ms, audio_path)
        values (${overrides.name ?? `Set ${sequence}`}, ${`Performer ${sequence}`}, 'Techno', '2024-05-01',
                3600000, ${overrides.audioPath ?? null}) returning id`,
  );
  await app.db.execute(
    sql`insert into set_artists (set_id, artist_id, position) values (${set.id}, ${artist.id}, 1)`,
  );
  const trackIds: number[] = [];
  for (const [index, [start, end]] of (overrides.tracks ?? []).entries()) {
    const trackId = overrides.trackIds?.[index] ?? (await createTrack(app));
    trackIds.push(trackId);
    await app.db.execute(
      sql`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
          values (${set.id}, ${index + 1}, ${trackId}, ${start}, ${end})`,
    );
  }
  return { id: set.id, trackIds };
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

export async function query<R>(app: FastifyInstance, statement: ReturnType<typeof sql>): Promise<R[]> {
  return await queryRows<R>(app.db, statement);
}
