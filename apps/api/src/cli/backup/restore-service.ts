// Restore of a backup (backup-service.ts) into an empty database and media folder. It never writes over
// data: a data folder, database or media folder that holds anything is refused, so a mistyped restore
// cannot destroy what it meant to repair.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../db/client';
import { copyFolderToStore } from '../../lib/media-copy';
import type { MediaStore } from '../../lib/media-store';
import { CommandError } from '../command';
import { checkArchive, extractDatabasePart, extractMedia, listMedia } from './archive';
import {
  type BackupManifest,
  countRows,
  listStored,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  readManifest,
} from './backup-service';
import { findPgProgram, libpqConnection, runPgProgram } from './pg-tools';

export interface RestoreTarget {
  /** postgres://… of an empty database; otherwise the embedded database's folder. */
  databaseUrl?: string | undefined;
  pgliteDir: string;
  mediaDir: string;
  /** Media in a bucket: a backup's media folder is copied into it, a list is checked against it. */
  bucket?: MediaStore | undefined;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Media files the manifest lists that the media folder lacks (media kept elsewhere). */
  missingMedia: string[];
  ms: number;
}

function isEmptyFolder(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

export async function restoreBackup(archive: string, target: RestoreTarget): Promise<RestoreResult> {
  const started = Date.now();
  if (!existsSync(archive)) throw new CommandError(`restore: ${archive} does not exist.`);
  const entries = await checkArchive(archive);
  const staging = mkdtempSync(join(tmpdir(), 'cratedig-restore-'));
  try {
    await extractDatabasePart(archive, staging);
    const manifest = readManifest(staging, archive);
    // A file cut at a block boundary reads to its end without complaint: the manifest says how many
    // media files the whole backup holds.
    const mediaHeld = entries.filter((path) => /^media\/.+[^/]$/.test(path)).length;
    if (manifest.media.mode === 'folder' && mediaHeld < manifest.media.files) {
      throw new CommandError(
        `restore: ${archive} is incomplete or damaged (it holds ${mediaHeld} of the backup's ` +
          `${manifest.media.files} media files); nothing was restored, and the database and media folder ` +
          'are as they were. Restore from a complete copy of the backup file.',
      );
    }
    const wanted = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== wanted) {
      throw new CommandError(
        `restore: this is a backup of ${describe(manifest.database)}, but the settings name ${describe(wanted)}. ` +
          'A backup restores into the same kind of database (move between them with export and import).',
      );
    }
    if (manifest.media.mode === 'folder' && !target.bucket && !isEmptyFolder(target.mediaDir)) {
      throw new CommandError(
        `restore: the media folder ${target.mediaDir} is not empty; restore into an empty one.`,
      );
    }
    const rows = target.databaseUrl
      ? await restorePostgres(target.databaseUrl, join(staging, POSTGRES_DUMP))
      : await restorePglite(target.pgliteDir, join(staging, PGLITE_DUMP));
    const differing = Object.keys({ ...manifest.rows, ...rows }).filter(
      (table) => manifest.rows[table] !== rows[table],
    );
    if (differing.length > 0) {
      throw new CommandError(
        `restore: the restored database differs from the backup in ${differing.join(', ')}.`,
      );
    }
    let missingMedia: string[] = [];
    if (manifest.media.mode === 'folder' && target.bucket) {
      // through a folder of its own: the objects' names are content-addressed, so any there stay
      const unpacked = join(staging, 'media');
      mkdirSync(unpacked, { recursive: true });
      if (manifest.media.files > 0) await extractMedia(archive, unpacked);
      const copied = await copyFolderToStore(unpacked, target.bucket);
      if (copied.mismatched.length > 0) {
        throw new CommandError(
          `restore: ${copied.mismatched.length} media files did not reach ${target.bucket.location}, e.g. ${copied.mismatched[0]?.key}: ${copied.mismatched[0]?.why}.`,
        );
      }
    } else if (manifest.media.mode === 'folder') {
      mkdirSync(target.mediaDir, { recursive: true });
      if (manifest.media.files > 0) await extractMedia(archive, target.mediaDir);
    } else {
      const stored = target.bucket ? await listStored(target.bucket) : listMedia(target.mediaDir);
      const present = new Set(stored.map((file) => file.path));
      missingMedia = (manifest.media.list ?? []).map((f) => f.path).filter((p) => !present.has(p));
    }
    return { manifest, missingMedia, ms: Date.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function describe(kind: BackupManifest['database']): string {
  return kind === 'pglite' ? 'the embedded database' : 'a PostgreSQL server';
}

async function restorePglite(dir: string, dump: string): Promise<Record<string, number>> {
  if (!isEmptyFolder(dir)) {
    throw new CommandError(
      `restore: the embedded database's folder ${dir} is not empty; restore into an empty data folder.`,
    );
  }
  const database = await openDatabase({
    dataDir: dir,
    loadDataDir: new Blob([readFileSync(dump)]),
  });
  try {
    return await countRows((text) => database.executeSql(text));
  } finally {
    await database.close();
  }
}

async function restorePostgres(databaseUrl: string, dump: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new CommandError(
        'restore: the database DATABASE_URL names already has tables; restore into an empty database ' +
          '(createdb, then point DATABASE_URL at it).',
      );
    }
    const { dbname, env } = libpqConnection(databaseUrl);
    // One transaction: a restore that fails halfway leaves the database empty, ready to try again.
    await runPgProgram(
      findPgProgram('pg_restore'),
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        dump,
      ],
      env,
    );
    return await countRows((text) => client.query(text));
  } finally {
    await client.end();
  }
}
