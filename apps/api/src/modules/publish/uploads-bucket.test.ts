// A DJ's upload when media live in a bucket: the bytes go to the store (@tus/s3-store), so the
// upload is resumed on whichever instance the next request reaches, and processed by a worker that
// never saw it arrive. Nothing is left in the bucket once the draft is processed or cancelled, and an
// upload in progress is never served as media.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MySet } from '@cratedig/contract/publish-api';
import { PUBLISH_UPLOAD_PATH, publishMessages } from '@cratedig/contract/publish-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, S3Settings } from '../../config';
import { S3MediaStore, s3ClientConfig } from '../../lib/media-store-s3';
import { buildTestApp, makeTempDir, testConfig } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { writeMp3 } from '../../test/import-fixtures';
import { startTestS3, type TestS3 } from '../../test/s3-server';
import { processUpload } from './processing';

const dir = makeTempDir('cratedig-bucket-uploads-');
let s3: TestS3;
let settings: S3Settings;
let client: S3Client;
/** Two instances behind one balancer: same database, same bucket, same token key. */
let one: FastifyInstance;
let two: FastifyInstance;
const base = new Map<FastifyInstance, string>();
let dj: SignedInUser;

const b64 = (text: string) => Buffer.from(text).toString('base64');

function tus(app: FastifyInstance, path: string, init: RequestInit & { headers?: Record<string, string> }) {
  return fetch(`${base.get(app)}${path}`, {
    ...init,
    headers: {
      'tus-resumable': '1.0.0',
      authorization: dj.headers.authorization as string,
      ...init.headers,
    },
  });
}

async function create(app: FastifyInstance, size: number, name: string): Promise<string> {
  const res = await tus(app, PUBLISH_UPLOAD_PATH, {
    method: 'POST',
    headers: { 'upload-length': String(size), 'upload-metadata': `filename ${b64(name)}` },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.get('location') as string;
}

const patch = (app: FastifyInstance, location: string, offset: number, bytes: Buffer) =>
  tus(app, location, {
    method: 'PATCH',
    headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });

async function offsetOf(app: FastifyInstance, location: string): Promise<number> {
  const res = await tus(app, location, { method: 'HEAD' });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

/** Every object of the bucket whose key starts with `prefix`. */
async function objects(prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((item) => item.Key as string).sort();
}

async function unfinishedUploads(): Promise<number> {
  const page = await client.send(new ListMultipartUploadsCommand({ Bucket: settings.bucket }));
  return (page.Uploads ?? []).length;
}

async function detail(id: string): Promise<MySet> {
  const res = await one.inject({ url: `/api/publish/sets/${id}`, headers: dj.headers });
  return res.json<MySet>();
}

/** Processing as a worker does it: its own connection to the store, nothing of the instances'. */
async function processOnWorker(id: string) {
  const media = new S3MediaStore(settings);
  try {
    return await processUpload({ db: one.db, config: one.config, media }, id);
  } finally {
    await media.close();
  }
}

beforeAll(async () => {
  await resetDatabase();
  s3 = await startTestS3();
  settings = await s3.bucket('uploads-media', { prefix: 'site/' });
  client = new S3Client(s3ClientConfig(settings));
  const defaults = testConfig(makeTempDir());
  const overrides: Partial<AppConfig> = {
    mediaStore: { kind: 's3', s3: settings, delivery: 'redirect' },
    auth: {
      ...defaults.auth,
      jwtSecret: 'the-same-key-on-every-instance-of-the-cluster',
      limits: { ...defaults.auth.limits, upload: { max: 1000, windowS: 86_400 } },
    },
  };
  one = await buildTestApp(overrides);
  two = await buildTestApp(overrides);
  for (const app of [one, two]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base.set(app, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  dj = await createUserWithToken(one);
  writeMp3(join(dir, 'set.mp3'), 20);
}, 60_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  client?.destroy();
  await s3?.close();
});

describe('an upload to a bucket', { timeout: 60_000 }, () => {
  it('goes on from the other instance, in parts of the store, with the same bytes', async () => {
    // larger than a part of the store (16 MB), sent in three requests to alternating instances
    const bytes = randomBytes(17 * 1024 * 1024 + 12_345);
    const location = await create(one, bytes.length, 'long set.wav');
    const id = location.split('/').pop() as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(location).toBe(`${PUBLISH_UPLOAD_PATH}/${id}`);

    const first = 6 * 1024 * 1024;
    const second = 13 * 1024 * 1024;
    expect((await patch(one, location, 0, bytes.subarray(0, first))).status).toBe(204);
    expect(await offsetOf(two, location)).toBe(first);
    expect((await patch(two, location, first, bytes.subarray(first, second))).status).toBe(204);
    expect(await offsetOf(one, location)).toBe(second);
    // a resume from a stale offset is refused, and changes nothing
    expect((await patch(two, location, first, bytes.subarray(first, second))).status).toBe(409);
    expect(await offsetOf(two, location)).toBe(second);
    expect((await patch(one, location, second, bytes.subarray(second))).status).toBe(204);

    expect((await detail(id)).state).toBe('processing');
    const stored = await client.send(
      new GetObjectCommand({ Bucket: settings.bucket, Key: `site/uploads/${id}` }),
    );
    expect(
      Buffer.from(
        await (stored.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
      ).equals(bytes),
    ).toBe(true);
    expect(await unfinishedUploads()).toBe(0);

    // the bytes are not audio: refused by their content, and nothing of them stays
    expect(await processOnWorker(id)).toBe('failed');
    expect((await detail(id)).reason).toBe(publishMessages.notAudio);
    expect(await objects('site/uploads/')).toEqual([]);
  });

  it('is processed by a worker that never saw it arrive; the rendition is media, the upload is gone', async () => {
    const bytes = readFileSync(join(dir, 'set.mp3'));
    const location = await create(two, bytes.length, 'set.mp3');
    const id = location.split('/').pop() as string;
    const half = Math.floor(bytes.length / 2);
    expect((await patch(two, location, 0, bytes.subarray(0, half))).status).toBe(204);
    expect(await offsetOf(one, location)).toBe(half);
    expect((await patch(one, location, half, bytes.subarray(half))).status).toBe(204);

    expect(await processOnWorker(id)).toBe('ready');
    expect(await detail(id)).toMatchObject({ state: 'ready', format: 'mp3', duration_s: 20 });
    expect(await objects('site/audio/sets/published/')).toEqual([`site/audio/sets/published/${id}.mp3`]);
    expect(await objects('site/uploads/')).toEqual([]);
    // the finished upload is no longer there to append to or read
    expect((await patch(one, location, bytes.length, Buffer.from('x'))).status).toBe(409);
  });

  it('cancelled half-way, leaves no part in the store', async () => {
    const bytes = randomBytes(6 * 1024 * 1024);
    const location = await create(one, bytes.length * 2, 'cut short.flac');
    expect((await patch(one, location, 0, bytes)).status).toBe(204);
    expect(await unfinishedUploads()).toBe(1);
    const gone = await tus(two, location, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(await unfinishedUploads()).toBe(0);
    expect(await objects('site/uploads/')).toEqual([]);
    expect((await tus(one, location, { method: 'HEAD' })).status).toBe(404);
  });

  it('is never served or listed as media while it waits', async () => {
    const bytes = randomBytes(100_000);
    const location = await create(one, bytes.length * 2, 'private.wav');
    const id = location.split('/').pop() as string;
    expect((await patch(one, location, 0, bytes)).status).toBe(204);
    expect((await objects('site/uploads/')).length).toBeGreaterThan(0);
    for (const path of [`/media/uploads/${id}`, `/media/uploads/${id}.part`, `/media/uploads/${id}.info`]) {
      const res = await one.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
    }
    const listed: string[] = [];
    for await (const object of one.media.list()) listed.push(object.key);
    expect(listed.filter((key) => key.startsWith('uploads/'))).toEqual([]);
    expect((await tus(one, location, { method: 'DELETE' })).status).toBe(204);
  });
});
