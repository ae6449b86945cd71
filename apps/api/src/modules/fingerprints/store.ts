// Fingerprints in PostgreSQL: a row per set (pending, done or failed) and the postings index.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setNames, setsWithAudio } from '../../db/read-models/catalogue-set-audio';
import { queryRow, queryRows } from '../../db/rows';
import { asInt4, fromBytes, toBytes } from './codec';
import type { Posting } from './matcher';
import { postingsOf } from './matcher';

/**
 * Queues every set with audio that has no fingerprint row yet, or whose audio changed since; returns
 * how many were queued. Safe to call any number of times.
 */
export async function queueSets(db: Db): Promise<number> {
  const rows = await queryRows<{ set_id: number }>(
    db,
    sql`insert into set_fingerprints (set_id, audio_path, status)
        select s.id, s.audio_path, 'pending' from ${setsWithAudio} s
        on conflict (set_id) do update
          set audio_path = excluded.audio_path, status = 'pending', error = null, items = 0,
              fingerprint = null, updated_at = now()
          where set_fingerprints.audio_path is distinct from excluded.audio_path
        returning set_id`,
  );
  return rows.length;
}

/** Puts the sets whose audio could not be read back in the queue (after the operator fixed it). */
export async function retryFailed(db: Db): Promise<number> {
  const rows = await queryRows<{ set_id: number }>(
    db,
    sql`update set_fingerprints set status = 'pending', error = null, updated_at = now()
        where status = 'failed' returning set_id`,
  );
  return rows.length;
}

export async function pendingSets(db: Db): Promise<{ setId: number; audioPath: string }[]> {
  return queryRows(
    db,
    sql`select set_id as "setId", audio_path as "audioPath" from set_fingerprints
        where status = 'pending' order by set_id`,
  );
}

/**
 * Stores a set's fingerprint and its postings in one transaction, unless the set's audio changed
 * meanwhile (then the row stays pending for the new audio).
 */
export async function saveFingerprint(
  db: Db,
  setId: number,
  audioPath: string,
  values: Uint32Array,
): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await queryRows<{ set_id: number }>(
      tx,
      sql`update set_fingerprints
          set status = 'done', error = null, items = ${values.length}, fingerprint = ${Buffer.from(toBytes(values))},
              updated_at = now()
          where set_id = ${setId} and audio_path = ${audioPath}
          returning set_id`,
    );
    if (updated.length === 0) return;
    await tx.execute(sql`delete from fingerprint_postings where set_id = ${setId}`);
    const postings = postingsOf(setId, values);
    for (let i = 0; i < postings.length; i += 2000) {
      const chunk = postings.slice(i, i + 2000);
      await tx.execute(sql`
        insert into fingerprint_postings (key, set_id, pos)
        select unnest(${sql.raw(`'{${chunk.map((p) => p.key).join(',')}}'`)}::int4[]), ${setId},
               unnest(${sql.raw(`'{${chunk.map((p) => p.pos).join(',')}}'`)}::int4[])`);
    }
  });
}

export async function saveFailure(db: Db, setId: number, audioPath: string, reason: string): Promise<void> {
  await db.execute(sql`
    update set_fingerprints set status = 'failed', error = ${reason.slice(0, 500)}, items = 0,
      fingerprint = null, updated_at = now()
    where set_id = ${setId} and audio_path = ${audioPath}`);
  await db.execute(sql`delete from fingerprint_postings where set_id = ${setId}`);
}

export async function lookupPostings(db: Db, keys: number[]): Promise<Posting[]> {
  if (keys.length === 0) return [];
  const list = sql.raw(`'{${keys.map(asInt4).join(',')}}'`);
  return queryRows<Posting>(
    db,
    sql`select key, set_id as "setId", pos from fingerprint_postings where key = any(${list}::int4[])`,
  );
}

export async function loadFingerprint(db: Db, setId: number): Promise<Uint32Array | undefined> {
  const row = await queryRow<{ fingerprint: Uint8Array | null }>(
    db,
    sql`select fingerprint from set_fingerprints where set_id = ${setId} and status = 'done'`,
  );
  return row?.fingerprint ? fromBytes(row.fingerprint) : undefined;
}

export interface FingerprintStatus {
  sets: number;
  done: number;
  pending: number;
  failed: { setId: number; setName: string; error: string }[];
  items: number;
  bytes: number;
  postings: number;
}

export async function fingerprintStatus(db: Db): Promise<FingerprintStatus> {
  const counts = await queryRow<{
    sets: number;
    done: number;
    pending: number;
    items: number;
    bytes: number;
  }>(
    db,
    sql`select (select count(*)::int from ${setsWithAudio} s) as sets,
               count(*) filter (where status = 'done')::int as done,
               count(*) filter (where status = 'pending')::int as pending,
               coalesce(sum(items), 0)::int as items,
               coalesce(sum(octet_length(fingerprint)), 0)::bigint::float8 as bytes
        from set_fingerprints`,
  );
  const failed = await queryRows<{ setId: number; setName: string; error: string }>(
    db,
    sql`select f.set_id as "setId", s.set_name as "setName", coalesce(f.error, '') as error
        from set_fingerprints f join ${setNames} s on s.id = f.set_id
        where f.status = 'failed' order by f.set_id`,
  );
  const postings = await queryRow<{ n: number }>(
    db,
    sql`select count(*)::int as n from fingerprint_postings`,
  );
  return {
    sets: counts?.sets ?? 0,
    done: counts?.done ?? 0,
    pending: counts?.pending ?? 0,
    failed,
    items: counts?.items ?? 0,
    bytes: counts?.bytes ?? 0,
    postings: postings?.n ?? 0,
  };
}
