// Backup and restore of everything Cratedig keeps: the whole database (accounts, sessions, likes,
// comments, queues, plays, notifications, proposals, the catalogue) and the media folder.
//
// Each database is dumped the way it is restored fastest and most faithfully:
// - PGlite: the data folder itself, dumped by the process that holds it (a running server does it
//   between two statements, through the control socket), as PGlite's own gzip'd tarball;
// - PostgreSQL: pg_dump's custom format, taken in an exported snapshot so that the row counts in the
//   manifest describe exactly the rows dumped, however many instances write meanwhile.
// A backup restores into the same kind of database; moving between kinds is `export`/`import`.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { MediaStore } from '../../lib/media-store';
import { CommandError } from '../command';
import { listMedia, MANIFEST_NAME, type MediaFile, writeArchive } from './archive';
import { findPgProgram, libpqConnection, runPgProgram } from './pg-tools';

export const BACKUP_FORMAT = 'cratedig-backup';
export const BACKUP_VERSION = 1;
export const PGLITE_DUMP = 'database.pglite.tar.gz';
export const POSTGRES_DUMP = 'database.pgdump';

/** How the media folder travels: its files, or only their list (media kept elsewhere, e.g. a CDN). */
export type MediaMode = 'folder' | 'manifest';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  database: Database['kind'];
  createdAt: string;
  /** Rows of every table at the moment of the dump: a restore checks it got the same. */
  rows: Record<string, number>;
  media: { mode: MediaMode; files: number; bytes: number; list?: MediaFile[] };
}

export interface BackupResult {
  manifest: BackupManifest;
  bytes: number;
  ms: number;
}

/** The statement that counts the rows of every table of the public and drizzle schemas. */
export async function countRows(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const tables = (await query(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  )) as { rows: { name: string }[] };
  if (tables.rows.length === 0) return {};
  const counts = (await query(
    tables.rows
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*)::int as n from ${name
            .split('.')
            .map((part) => `"${part}"`)
            .join('.')}`,
      )
      .join(' union all '),
  )) as { rows: { name: string; n: number }[] };
  return Object.fromEntries(counts.rows.map((row) => [row.name, row.n]));
}

export async function createBackup(
  database: Database,
  options: {
    target: string;
    databaseUrl?: string | undefined;
    mediaDir: string;
    media: MediaMode;
    /** Media in a bucket: listed from it (mode manifest only; the bucket keeps the objects). */
    bucket?: MediaStore | undefined;
  },
): Promise<BackupResult> {
  if (options.bucket && options.media === 'folder') {
    throw new CommandError(
      `backup: the media are in ${options.bucket.location}; a backup lists them (--media manifest) and the bucket keeps them (turn on its versioning).`,
    );
  }
  const started = Date.now();
  const staging = mkdtempSync(join(tmpdir(), 'cratedig-backup-'));
  try {
    let rows: Record<string, number>;
    if (database.kind === 'pglite') {
      rows = await dumpPglite(database, join(staging, PGLITE_DUMP));
    } else {
      if (!options.databaseUrl) throw new CommandError('backup: the PostgreSQL URL is not known.');
      rows = await dumpPostgres(options.databaseUrl, join(staging, POSTGRES_DUMP));
    }
    const files = options.bucket ? await listStored(options.bucket) : listMedia(options.mediaDir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      database: database.kind,
      createdAt: new Date().toISOString(),
      rows,
      media: {
        mode: options.media,
        files: files.length,
        bytes: files.reduce((sum, file) => sum + file.bytes, 0),
        ...(options.media === 'manifest' ? { list: files } : {}),
      },
    };
    writeFileSync(join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside the target and renamed at the end: a failed or interrupted backup never leaves a
    // file that looks complete.
    const partial = join(dirname(options.target), `.${randomUUID()}.partial`);
    try {
      await writeArchive(
        partial,
        staging,
        options.media === 'folder' && files.length > 0 ? options.mediaDir : undefined,
      );
      // It holds password hashes and session tokens: readable by the owner only.
      chmodSync(partial, 0o600);
      renameSync(partial, options.target);
    } finally {
      rmSync(partial, { force: true });
    }
    return { manifest, bytes: statSync(options.target).size, ms: Date.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Every object of a store, as a backup lists media files. */
export async function listStored(store: MediaStore): Promise<MediaFile[]> {
  const files: MediaFile[] = [];
  for await (const object of store.list()) files.push({ path: object.key, bytes: object.size });
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The embedded database's folder, dumped inside one transaction of the process that holds it: no other
 * statement runs between the counts and the dump, so both describe the same moment.
 */
async function dumpPglite(database: Database, file: string): Promise<Record<string, number>> {
  const client = database.pglite;
  if (!client) throw new CommandError('backup: the embedded database is not open here.');
  await client.exec('checkpoint');
  return client.transaction(async (tx) => {
    const rows = await countRows((text) => tx.query(text));
    const tarball = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return rows;
  });
}

/**
 * Tables whose rows a PostgreSQL dump leaves out (their definitions are dumped): what the server
 * writes again by itself. The catalogue items' documents (decision 0023) are about 1 GB at a million
 * tracks; after a restore the item documents' job writes them again, and meanwhile items are built as
 * they were before documents existed, the same JSON. (An embedded database is dumped as its folder,
 * whole: its documents are few.)
 */
export const ROWS_NOT_DUMPED = ['public.catalogue_item_docs'];

/** pg_dump in the snapshot of a read-only transaction that also counts the rows. */
async function dumpPostgres(databaseUrl: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows: snapshot } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const rows = await countRows((text) => client.query(text));
    // the rows the dump holds: a restore checks it gets these
    for (const table of ROWS_NOT_DUMPED) if (table in rows) rows[table] = 0;
    const { dbname, env } = libpqConnection(databaseUrl);
    await runPgProgram(
      findPgProgram('pg_dump'),
      [
        '--format=custom',
        `--snapshot=${snapshot[0]?.id}`,
        ...ROWS_NOT_DUMPED.map((table) => `--exclude-table-data=${table}`),
        `--file=${file}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('commit');
    return rows;
  } finally {
    await client.end();
  }
}

/** The manifest of an extracted backup, or a refusal naming what is wrong with it. */
export function readManifest(staging: string, archive: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(staging, MANIFEST_NAME), 'utf8')) as BackupManifest;
  } catch {
    throw new CommandError(`${archive} is not a Cratedig backup (its manifest cannot be read).`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new CommandError(`${archive} is not a Cratedig backup of version ${BACKUP_VERSION}.`);
  }
  return manifest;
}
