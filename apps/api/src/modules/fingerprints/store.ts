// The chromaprint fingerprints in PostgreSQL, read only: they answer for the sets the landmark job has
// not read yet (docs/fingerprints.md, "Moving the catalogue over").
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setNames, setsWithAudio } from '../../db/read-models/catalogue-set-audio';
import { queryRow, queryRows } from '../../db/rows';
import { asInt4, fromBytes } from './codec';
import type { Posting } from './matcher';

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
