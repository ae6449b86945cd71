// Backups when the media are in a bucket: the backup lists the bucket's objects (the bucket keeps
// them), refuses to carry them as a folder, and a backup that carries a media folder restores it into
// the bucket; a restore names the listed objects the bucket lacks.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, S3Settings } from '../../config';
import { S3MediaStore } from '../../lib/media-store-s3';
import { buildTestApp, makeTempDir } from '../../test/app';
import { captureOutput, runCommand } from '../../test/commands';
import { emptyServerDatabase, resetDatabase, workerDatabaseUrl } from '../../test/database';
import { createSet } from '../../test/factories';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { backupCommand, restoreCommand } from '../commands/backup';
import { runOfflineCommand } from '../run-command';

let app: FastifyInstance;
let s3: TestS3;
const work = makeTempDir('cratedig-backup-bucket-');

beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp();
  await createSet(app, { audioPath: '/media/audio/sets/kept.mp3' });
  s3 = await startTestS3();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const inBucket = (settings: S3Settings): AppConfig => ({
  ...app.config,
  databaseUrl: workerDatabaseUrl(),
  mediaStore: { kind: 's3', s3: settings, delivery: 'redirect' },
});

/** A new empty database (PostgreSQL) or data folder (PGlite) to restore into. */
async function emptyTarget(name: string) {
  const dataDir = join(work, name);
  const databaseUrl = await emptyServerDatabase(name);
  return { dataDir, databaseUrl, pgliteDir: join(dataDir, 'pglite'), mediaDir: join(dataDir, 'media') };
}

function manifestOf(file: string) {
  return JSON.parse(execFileSync('tar', ['-xOf', file, 'cratedig-backup.json'], { encoding: 'utf8' }));
}

describe('backups with the media in a bucket', () => {
  it('list the objects of the bucket, and refuse to carry them as a folder', async () => {
    const settings = await s3.bucket('backed-up-media');
    const store = new S3MediaStore(settings);
    const file = join(work, 'object.mp3');
    writeFileSync(file, Buffer.alloc(4096, 3));
    await store.putFile('audio/sets/kept.mp3', file);
    await store.putFile('art/sets/kept.webp', file);
    await store.close();

    const refused = await runCommand(
      backupCommand,
      app.database,
      inBucket(settings),
      ['--media', 'folder', join(work, 'refused.backup')],
      '/',
    );
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(/the media are in s3:\/\/backed-up-media\/; a backup lists them/);

    const target = join(work, 'listed.backup');
    const backup = await runCommand(backupCommand, app.database, inBucket(settings), [target], '/');
    expect(backup.err).toEqual([]);
    expect(backup.out.join('\n')).toMatch(/and 2 media files \(listed only\)/);
    expect(manifestOf(target).media).toEqual({
      mode: 'manifest',
      files: 2,
      bytes: 8192,
      list: [
        { path: 'art/sets/kept.webp', bytes: 4096 },
        { path: 'audio/sets/kept.mp3', bytes: 4096 },
      ],
    });

    // restored where the bucket lacks one of them: said, and the restore still done
    await new S3MediaStore(settings).delete('art/sets/kept.webp');
    const into = await emptyTarget('listed');
    const out = captureOutput();
    const code = await runOfflineCommand(restoreCommand, [target], {
      config: { ...inBucket(settings), ...into },
      out,
      cwd: '/',
    });
    expect(code).toBe(0);
    expect(out.errors.join('\n')).toMatch(
      /1 media files listed in the backup are not in s3:\/\/backed-up-media\/, e\.g\. art\/sets\/kept\.webp/,
    );
  }, 120_000);

  it('restore a media folder carried by a backup into the bucket', async () => {
    const folder = join(work, 'folder-media');
    mkdirSync(join(folder, 'audio', 'sets'), { recursive: true });
    writeFileSync(join(folder, 'audio', 'sets', 'kept.mp3'), Buffer.alloc(10_000, 9));
    writeFileSync(join(folder, 'cover.jpg'), 'jpeg bytes');
    const target = join(work, 'folder.backup');
    const backup = await runCommand(
      backupCommand,
      app.database,
      { ...app.config, databaseUrl: workerDatabaseUrl(), mediaDir: folder },
      [target],
      '/',
    );
    expect(backup.err).toEqual([]);
    expect(manifestOf(target).media).toMatchObject({ mode: 'folder', files: 2 });

    const settings = await s3.bucket('restored-media');
    const into = await emptyTarget('folder');
    const out = captureOutput();
    const code = await runOfflineCommand(restoreCommand, [target], {
      config: { ...inBucket(settings), ...into },
      out,
      cwd: '/',
    });
    expect(out.errors).toEqual([]);
    expect(code).toBe(0);
    const store = new S3MediaStore(settings);
    const listed: [string, number][] = [];
    for await (const o of store.list()) listed.push([o.key, o.size]);
    await store.close();
    expect(listed.sort()).toEqual([
      ['audio/sets/kept.mp3', 10_000],
      ['cover.jpg', 10],
    ]);
  }, 120_000);
});
