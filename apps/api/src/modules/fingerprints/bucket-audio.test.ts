// The landmark job reads set audio kept in a bucket: each set's object is fetched to a file of its
// own for ffmpeg, heard, and the file removed; a set whose object is missing is marked failed with
// the reason, and the job goes on.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3MediaStore } from '../../lib/media-store-s3';
import { buildTestApp, makeTempDir } from '../../test/app';
import { resetDatabase } from '../../test/database';
import { createSet } from '../../test/factories';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { query } from '../../test/sql';
import { runFingerprints } from './job';
import { writeWav } from './test-mix';

let app: FastifyInstance;
let s3: TestS3;
let bucket: S3MediaStore;

beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp();
  s3 = await startTestS3();
  bucket = new S3MediaStore(await s3.bucket('set-audio'));
  const wav = join(makeTempDir(), 'mix.wav');
  await writeWav(wav, [
    { seed: 'bucket-audio:a', genre: 'Techno', bpm: 126, seconds: 30 },
    { seed: 'bucket-audio:b', genre: 'House', bpm: 122, seconds: 30 },
  ]);
  // stored under a name that says MP3: ffmpeg reads what the bytes are
  await bucket.putFile('audio/sets/in-the-bucket.mp3', wav);
  await createSet(app, { name: 'In the bucket', audioPath: '/media/audio/sets/in-the-bucket.mp3' });
  await createSet(app, { name: 'Gone from the bucket', audioPath: '/media/audio/sets/gone.mp3' });
}, 60_000);
afterAll(async () => {
  await bucket?.close();
  await app?.close();
  await s3?.close();
});

describe('the landmark job with the audio in a bucket', () => {
  it('hears a set from its object, marks a missing one failed, and leaves no download behind', async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('cratedig-media-'));
    const run = await runFingerprints(app.db, { media: bucket, pace: async () => {} });
    expect(run).toMatchObject({ done: 1, failed: 1 });
    expect(run.audioSeconds).toBeGreaterThan(59);
    const rows = await query<{ set_name: string; status: string; error: string | null; landmarks: number }>(
      app,
      sql`select s.set_name, f.status, f.error, f.landmarks from set_landmarks f join sets s on s.id = f.set_id
          order by s.set_name`,
    );
    expect(rows).toEqual([
      {
        set_name: 'Gone from the bucket',
        status: 'failed',
        error: 'the audio file is missing',
        landmarks: 0,
      },
      { set_name: 'In the bucket', status: 'done', error: null, landmarks: expect.any(Number) },
    ]);
    expect(rows[1]?.landmarks).toBeGreaterThan(60 * 3);
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('cratedig-media-'))).toEqual(before);
  }, 120_000);
});
