// `cratedig media push|check`: a media folder copied into the bucket the settings name, sent once,
// and every object checked; a check names what is missing; bad usage and a folder store are refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, S3Settings } from '../config';
import { S3MediaStore } from '../lib/media-store-s3';
import { buildTestApp, makeTempDir } from '../test/app';
import { runCommand } from '../test/commands';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { mediaCommand } from './commands/media';

let app: FastifyInstance;
let s3: TestS3;
let settings: S3Settings;
let folder: string;
let config: AppConfig;

beforeAll(async () => {
  app = await buildTestApp();
  s3 = await startTestS3();
  settings = await s3.bucket('pushed-media');
  folder = join(makeTempDir(), 'media');
  mkdirSync(join(folder, 'art', 'sets'), { recursive: true });
  writeFileSync(join(folder, 'art', 'sets', 'a.webp'), Buffer.alloc(2048, 1));
  writeFileSync(join(folder, 'art', 'sets', 'b.webp'), Buffer.alloc(1024, 2));
  config = {
    ...app.config,
    mediaDir: folder,
    mediaStore: { kind: 's3', s3: settings, delivery: 'redirect' },
  };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const media = (args: string[], withConfig = config) =>
  runCommand(mediaCommand, app.database, withConfig, args, folder);

describe('cratedig media', () => {
  it('pushes MEDIA_DIR into the bucket once, then finds it all there', async () => {
    const first = await media(['push']);
    expect(first.err).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([
      `media: 2 files in ${folder}: 2 copied (0.0 MB) to s3://pushed-media/, 0 already there`,
    ]);
    const again = await media(['push']);
    expect(again.out[0]).toMatch(/0 copied \(0\.0 MB\) to s3:\/\/pushed-media\/, 2 already there$/);
    const check = await media(['check', '.']);
    expect(check).toMatchObject({ code: 0, err: [] });
    expect(check.out).toEqual([`media: 2 files in ${folder}: 2 stored alike in s3://pushed-media/`]);
  });

  it('names each object missing from the bucket and exits 1', async () => {
    const store = new S3MediaStore(settings);
    await store.delete('art/sets/b.webp');
    await store.close();
    const check = await media(['check']);
    expect(check.code).toBe(1);
    expect(check.err).toEqual(['  art/sets/b.webp: not stored', 'media: 1 objects missing or different']);
  });

  it('refuses bad usage, a missing folder and a store that is the folder itself', async () => {
    expect((await media([])).code).toBe(2);
    expect((await media(['pull'])).code).toBe(2);
    expect((await media(['push', 'a', 'b'])).code).toBe(2);
    const missing = await media(['push', 'no-such-folder']);
    expect(missing).toMatchObject({
      code: 1,
      err: [`media: ${join(folder, 'no-such-folder')} is not a folder`],
    });
    const itself = await media(['push'], { ...config, mediaStore: { kind: 'folder' } });
    expect(itself.code).toBe(1);
    expect(itself.err[0]).toMatch(/the media store is this folder .*; set MEDIA_STORE=s3 and S3_BUCKET/);
  });
});
