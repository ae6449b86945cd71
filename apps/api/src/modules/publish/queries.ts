// SQL of a DJ's drafts (the `uploads` table, docs/publishing.md). Every read and change of one names
// its owner: a draft of another user is not found, as one that does not exist.
import type { MySet, PublishDetails } from '@cratedig/contract/publish-api';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRow, queryRows, type SqlRunner } from '../../db/rows';
import { announceToUser } from '../live/service';

export interface UploadRow {
  id: string;
  owner_id: number;
  state: MySet['state'];
  reason: string | null;
  file_name: string;
  size_bytes: number;
  received_bytes: number;
  step: MySet['step'];
  progress: number | null;
  format: MySet['format'];
  duration_ms: number | null;
  set_name: string | null;
  djs: string[];
  recorded_date: string | null;
  genre: MySet['details']['genre'];
  festival: string | null;
  venue: string | null;
  tracklist: string;
  art_sm: string | null;
  art_xl: string | null;
  rendition_key: string | null;
  original_key: string | null;
  set_id: number | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = sql`
  id, owner_id, state, reason, file_name, size_bytes::float8 as size_bytes,
  received_bytes::float8 as received_bytes, step, progress, format, duration_ms, set_name, djs,
  recorded_date::text as recorded_date, genre, festival, venue, tracklist, art_sm, art_xl,
  rendition_key, original_key, set_id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** The fields a draft still needs before it can be published. */
export function missingDetails(row: Pick<UploadRow, 'set_name' | 'djs' | 'recorded_date'>): string[] {
  const missing: string[] = [];
  if (!row.set_name) missing.push('set_name');
  if (row.djs.length === 0) missing.push('djs');
  if (!row.recorded_date) missing.push('recorded_date');
  return missing;
}

/** The media path of a key, as the wire carries it. */
const sitePath = (key: string | null) => (key ? `/media/${key}` : null);

export function mySetOf(row: UploadRow): MySet {
  return {
    id: row.id,
    state: row.state,
    reason: row.reason,
    file_name: row.file_name,
    size_bytes: row.size_bytes,
    received_bytes: row.received_bytes,
    step: row.state === 'processing' ? row.step : null,
    progress: row.state === 'processing' ? row.progress : null,
    format: row.format,
    duration_s: row.duration_ms === null ? null : Math.round(row.duration_ms / 1000),
    details: {
      set_name: row.set_name,
      djs: row.djs,
      recorded_date: row.recorded_date,
      genre: row.genre,
      festival: row.festival,
      venue: row.venue,
      tracklist: row.tracklist,
    },
    art_url_sm: sitePath(row.art_sm),
    art_url_xl: sitePath(row.art_xl),
    set_id: row.state === 'published' ? row.set_id : null,
    missing: missingDetails(row),
    created_dt: row.created_at,
    updated_dt: row.updated_at,
  };
}

export async function ownUpload(db: SqlRunner, ownerId: number, id: string): Promise<UploadRow | undefined> {
  return await queryRow<UploadRow>(
    db,
    sql`select ${COLUMNS} from uploads where id = ${id} and owner_id = ${ownerId}`,
  );
}

/** The draft for a change: locked until the transaction ends. */
export async function lockOwnUpload(
  db: SqlRunner,
  ownerId: number,
  id: string,
): Promise<UploadRow | undefined> {
  return await queryRow<UploadRow>(
    db,
    sql`select ${COLUMNS} from uploads where id = ${id} and owner_id = ${ownerId} for update`,
  );
}

/** Any draft by id, for the jobs and the operator's commands (never for a listener's call). */
export async function uploadById(db: SqlRunner, id: string): Promise<UploadRow | undefined> {
  return await queryRow<UploadRow>(db, sql`select ${COLUMNS} from uploads where id = ${id}`);
}

export async function uploadOfSet(db: SqlRunner, setId: number): Promise<UploadRow | undefined> {
  return await queryRow<UploadRow>(db, sql`select ${COLUMNS} from uploads where set_id = ${setId}`);
}

export async function ownUploads(db: SqlRunner, ownerId: number): Promise<UploadRow[]> {
  return await queryRows<UploadRow>(
    db,
    sql`select ${COLUMNS} from uploads where owner_id = ${ownerId} order by created_at desc, id`,
  );
}

export async function insertUpload(
  db: SqlRunner,
  row: { id: string; ownerId: number; fileName: string; sizeBytes: number },
): Promise<void> {
  const made = await queryRow<UploadRow>(
    db,
    sql`
      insert into uploads (id, owner_id, file_name, size_bytes)
      values (${row.id}, ${row.ownerId}, ${row.fileName}, ${row.sizeBytes}) returning ${COLUMNS}`,
  );
  // the owner's other tabs list the new draft at once
  if (made) await tellOwner(db, made);
}

/** What counts against a user's limits: bytes held (failed drafts aside), an upload in progress. */
export async function usageOf(db: SqlRunner, ownerId: number): Promise<{ bytes: number; uploading: number }> {
  const row = await queryRow<{ bytes: number; uploading: number }>(
    db,
    sql`
      select coalesce(sum(size_bytes) filter (where state <> 'failed'), 0)::float8 as bytes,
        count(*) filter (where state = 'uploading')::int as uploading
      from uploads where owner_id = ${ownerId}`,
  );
  return row ?? { bytes: 0, uploading: 0 };
}

/** Changes a draft's columns (snake_case names as in the table) and tells its owner's open pages. */
export async function updateUpload(
  db: SqlRunner,
  id: string,
  changes: Partial<Record<keyof UploadRow, unknown>>,
): Promise<UploadRow | undefined> {
  const sets: SQL[] = Object.entries(changes).map(([column, value]) =>
    column === 'djs'
      ? sql`djs = array(select jsonb_array_elements_text(${JSON.stringify(value)}::jsonb))`
      : sql`${sql.identifier(column)} = ${value}`,
  );
  const row = await queryRow<UploadRow>(
    db,
    sql`update uploads set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id} returning ${COLUMNS}`,
  );
  if (row) await tellOwner(db, row);
  return row;
}

export async function setDetails(db: SqlRunner, id: string, details: PublishDetails) {
  return await updateUpload(db, id, {
    set_name: details.set_name,
    djs: details.djs,
    recorded_date: details.recorded_date,
    genre: details.genre,
    festival: details.festival,
    venue: details.venue,
    tracklist: details.tracklist,
  });
}

/** An `upload` live event for the owner's open pages (announced when the transaction commits). */
export async function tellOwner(db: SqlRunner, row: UploadRow): Promise<void> {
  await announceToUser(db, row.owner_id, 'upload', { upload: mySetOf(row) });
}

export async function deleteUpload(db: SqlRunner, id: string): Promise<void> {
  await db.execute(sql`delete from uploads where id = ${id}`);
}

/** Uploads left unfinished for longer than `olderThanS`. */
export async function abandonedUploads(db: Db, olderThanS: number): Promise<{ id: string }[]> {
  return await queryRows<{ id: string }>(
    db,
    sql`select id from uploads where state = 'uploading' and updated_at < now() - make_interval(secs => ${olderThanS})`,
  );
}

/**
 * Takes the hold on writing an upload's bytes for `writer`, for `holdS` seconds, when nobody holds it
 * or the last hold ran out. 'taken', 'held' (by another writer), or 'none' (no such draft: nothing
 * to guard).
 */
export async function takeWriting(
  db: SqlRunner,
  id: string,
  writer: string,
  holdS: number,
): Promise<'taken' | 'held' | 'none'> {
  const row = await queryRow<{ taken: boolean }>(
    db,
    sql`with found as (select id, writer, writing_until from uploads where id = ${id}),
        taken as (
          update uploads set writer = ${writer}, writing_until = now() + make_interval(secs => ${holdS})
          where id = ${id} and (writer is null or writing_until < now())
          returning id)
        select exists (select 1 from taken) as taken from found`,
  );
  return row === undefined ? 'none' : row.taken ? 'taken' : 'held';
}

/** Extends `writer`'s hold; false when it is no longer theirs. */
export async function renewWriting(db: SqlRunner, id: string, writer: string, holdS: number) {
  const row = await queryRow<{ id: string }>(
    db,
    sql`update uploads set writing_until = now() + make_interval(secs => ${holdS})
        where id = ${id} and writer = ${writer} returning id`,
  );
  return row !== undefined;
}

/** Ends `writer`'s hold, if it still has it. */
export async function releaseWriting(db: SqlRunner, id: string, writer: string): Promise<void> {
  await db.execute(
    sql`update uploads set writer = null, writing_until = null where id = ${id} and writer = ${writer}`,
  );
}
