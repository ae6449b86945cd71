// The media stores: a folder and a bucket of an S3-compatible server answer alike (head, put, list,
// delete, a local copy for ffmpeg), and a media folder copied into a bucket is checked object by
// object, a multipart upload's entity tag included.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/app';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { checkFolderInStore, copyFolderToStore, expectedEtags } from './media-copy';
import { FolderMediaStore, MediaMissing, type MediaStore, mediaKey, UPLOAD_PART_BYTES } from './media-store';
import { S3MediaStore } from './media-store-s3';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
}, 30_000);
afterAll(async () => {
  await s3.close();
});

const collect = async (store: MediaStore, prefix?: string) => {
  const out: { key: string; size: number }[] = [];
  for await (const o of store.list(prefix)) out.push({ key: o.key, size: o.size });
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

describe('media keys', () => {
  it('takes plain paths under /media/ and nothing that could leave the store', () => {
    expect(mediaKey('/media/art/sets/a.webp')).toBe('art/sets/a.webp');
    for (const bad of [
      '/media/../etc/passwd',
      '/media/art/../../x',
      '/media/art//x.jpg',
      '/media/./x.jpg',
      '/media/a\\b.jpg',
      '/media/a\u0000.jpg',
      '/media/',
      '/elsewhere/a.jpg',
      'https://cdn.example/a.mp3',
    ]) {
      expect(mediaKey(bad), bad).toBeUndefined();
    }
  });
});

describe.each([
  ['a folder', async () => new FolderMediaStore(join(makeTempDir(), 'media')) as MediaStore],
  [
    'a bucket',
    async () => new S3MediaStore(await s3.bucket(`media-${randomBytes(4).toString('hex')}`)) as MediaStore,
  ],
  [
    'a bucket under a prefix',
    async () =>
      new S3MediaStore(
        await s3.bucket(`media-${randomBytes(4).toString('hex')}`, { prefix: 'cratedig/media/' }),
      ) as MediaStore,
  ],
])('media in %s', (_, open) => {
  let store: MediaStore;
  let source: string;
  const bytes = randomBytes(70_000);
  beforeAll(async () => {
    store = await open();
    source = join(makeTempDir(), 'upload.bin');
    writeFileSync(source, bytes);
  });
  afterAll(async () => {
    await store.close();
  });

  it('stores a file under its key and reads back its size, a tag and the same bytes', async () => {
    expect(await store.head('audio/sets/one.mp3')).toBeUndefined();
    await store.putFile('audio/sets/one.mp3', source);
    const found = await store.head('audio/sets/one.mp3');
    expect(found).toMatchObject({ key: 'audio/sets/one.mp3', size: bytes.length });
    expect(found?.etag).toMatch(/^".+"$/);
    const copy = await store.withLocalFile('audio/sets/one.mp3', async (path) => readFileSync(path));
    expect(copy.equals(bytes)).toBe(true);
  });

  it('lists by prefix, deletes, and says so when a key holds nothing', async () => {
    await store.putFile('art/sets/a.webp', source);
    await store.putFile('art/tracks/b.webp', source);
    expect((await collect(store, 'art/')).map((o) => o.key)).toEqual([
      'art/sets/a.webp',
      'art/tracks/b.webp',
    ]);
    await store.delete('art/sets/a.webp');
    await store.delete('art/sets/never-there.webp');
    expect((await collect(store, 'art/')).map((o) => o.key)).toEqual(['art/tracks/b.webp']);
    await expect(store.withLocalFile('art/sets/a.webp', async () => 1)).rejects.toBeInstanceOf(MediaMissing);
  });
});

describe('a media folder copied into a bucket', () => {
  let folder: string;
  let bucket: S3MediaStore;
  const big = randomBytes(UPLOAD_PART_BYTES + 1_000_000);
  beforeAll(async () => {
    folder = join(makeTempDir(), 'media');
    mkdirSync(join(folder, 'audio', 'sets'), { recursive: true });
    mkdirSync(join(folder, 'art', 'sets'), { recursive: true });
    writeFileSync(join(folder, 'audio', 'sets', 'long-set.mp3'), big);
    writeFileSync(join(folder, 'art', 'sets', 'cover.webp'), randomBytes(5_000));
    writeFileSync(join(folder, 'art', 'sets', 'half-written.webp.1a2b.tmp'), 'partial');
    bucket = new S3MediaStore(await s3.bucket('copied-media'));
  });
  afterAll(async () => {
    await bucket.close();
  });

  it('sends every file, in parts when large, and checks each object against its file', async () => {
    const first = await copyFolderToStore(folder, bucket);
    expect(first).toMatchObject({ files: 2, copied: 2, unchanged: 0, mismatched: [] });
    expect(first.bytes).toBe(big.length + 5_000);
    // sent in two parts: its tag is the MD5 of the parts' MD5s with "-2" on AWS, R2 and MinIO; this
    // test server tags it with the MD5 of the whole, which the check takes too
    const long = await bucket.head('audio/sets/long-set.mp3');
    expect(long?.size).toBe(big.length);
    expect(await expectedEtags(join(folder, 'audio', 'sets', 'long-set.mp3'))).toContain(long?.etag);
    const copy = await bucket.withLocalFile('audio/sets/long-set.mp3', async (path) => readFileSync(path));
    expect(createHash('md5').update(copy).digest('hex')).toBe(createHash('md5').update(big).digest('hex'));
  }, 60_000);

  it('sends nothing again, and a check names an object that went missing or changed', async () => {
    expect(await copyFolderToStore(folder, bucket)).toMatchObject({
      copied: 0,
      unchanged: 2,
      mismatched: [],
    });
    const other = join(makeTempDir(), 'other.webp');
    writeFileSync(other, randomBytes(5_000));
    await bucket.putFile('art/sets/cover.webp', other);
    await bucket.delete('audio/sets/long-set.mp3');
    const check = await checkFolderInStore(folder, bucket);
    expect(check.mismatched).toEqual([
      { key: 'art/sets/cover.webp', why: expect.stringMatching(/^entity tag "\w+", expected "\w+"$/) },
      { key: 'audio/sets/long-set.mp3', why: 'not stored' },
    ]);
    // pushed again, both are put right
    expect(await copyFolderToStore(folder, bucket)).toMatchObject({
      copied: 2,
      unchanged: 0,
      mismatched: [],
    });
  }, 60_000);
});

describe('the entity tags a file may have in a bucket', () => {
  it("are the MD5 of the whole, and for a file of several parts the MD5 of the parts' MD5s with their count", async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES + 10);
    const path = join(makeTempDir(), 'two-parts.bin');
    writeFileSync(path, bytes);
    const md5 = (b: Buffer) => createHash('md5').update(b).digest();
    const parts = Buffer.concat([
      md5(bytes.subarray(0, UPLOAD_PART_BYTES)),
      md5(bytes.subarray(UPLOAD_PART_BYTES)),
    ]);
    expect(await expectedEtags(path)).toEqual([
      `"${md5(bytes).toString('hex')}"`,
      `"${createHash('md5').update(parts).digest('hex')}-2"`,
    ]);
    const small = join(makeTempDir(), 'one-part.bin');
    writeFileSync(small, 'cover');
    expect(await expectedEtags(small)).toEqual([`"${md5(Buffer.from('cover')).toString('hex')}"`]);
  });
});

describe("a bucket's memory of the keys it holds", () => {
  it('asks the store once per key for some minutes, and forgets a key it deletes or that went', async () => {
    const settings = await s3.bucket('known-keys');
    const store = new S3MediaStore(settings);
    const elsewhere = new S3MediaStore(settings);
    const file = join(makeTempDir(), 'cover.webp');
    writeFileSync(file, 'cover');
    await store.putFile('art/a.webp', file);
    expect(await store.exists('art/a.webp')).toBe(true);
    expect(await store.exists('art/missing.webp')).toBe(false);
    // another instance removes it: this one goes on from memory for a while, then asks again
    await elsewhere.delete('art/a.webp');
    expect(await store.exists('art/a.webp')).toBe(true);
    expect(await store.exists('art/a.webp', Date.now() + 11 * 60_000)).toBe(false);
    await store.putFile('art/b.webp', file);
    expect(await store.exists('art/b.webp')).toBe(true);
    await store.delete('art/b.webp');
    expect(await store.exists('art/b.webp')).toBe(false);
    await store.close();
    await elsewhere.close();
  });
});
