// Media served from a bucket: artwork and signed audio links redirect to a signed URL of the store
// that stays the same for a while (so browsers keep what they fetched), or pass through this server
// with ranges, 304 and 416 as the folder answers them. Unknown keys and paths that leave the store
// answer 404, and audio still needs its signed link.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../config';
import { signAudioUrl } from '../lib/audio-links';
import { S3MediaStore } from '../lib/media-store-s3';
import { buildTestApp, makeTempDir } from '../test/app';
import { createUserWithToken, type SignedInUser } from '../test/auth';
import { resetDatabase } from '../test/database';
import { permalinkFor } from '../test/player';
import { startTestS3, type TestS3 } from '../test/s3-server';

const COVER = randomBytes(20_000);
const AUDIO = randomBytes(300_000);
const AUDIO_PATH = '/media/audio/sets/bucket-set.mp3';

let s3: TestS3;
let settings: S3Settings;
let redirecting: FastifyInstance;
let proxying: FastifyInstance;
/** Signed URLs of the store that stay the same for days: longer than any audio link lives. */
let longUrls: FastifyInstance;
let me: SignedInUser;
let proxyMe: SignedInUser;

beforeAll(async () => {
  await resetDatabase();
  s3 = await startTestS3();
  settings = await s3.bucket('served-media', { urlTtlS: 3600 });
  const store = new S3MediaStore(settings);
  const dir = makeTempDir();
  writeFileSync(join(dir, 'cover.webp'), COVER);
  writeFileSync(join(dir, 'set.mp3'), AUDIO);
  await store.putFile('art/sets/cover.webp', join(dir, 'cover.webp'));
  await store.putFile('audio/sets/bucket-set.mp3', join(dir, 'set.mp3'));
  await store.close();
  redirecting = await buildTestApp({ mediaStore: { kind: 's3', s3: settings, delivery: 'redirect' } });
  proxying = await buildTestApp({ mediaStore: { kind: 's3', s3: settings, delivery: 'proxy' } });
  longUrls = await buildTestApp({
    mediaStore: { kind: 's3', s3: { ...settings, urlTtlS: 7 * 24 * 3600 }, delivery: 'redirect' },
  });
  // each app signs tokens with the key of its own data folder
  me = await createUserWithToken(redirecting);
  proxyMe = await createUserWithToken(proxying);
}, 60_000);
afterAll(async () => {
  await redirecting?.close();
  await proxying?.close();
  await longUrls?.close();
  await s3?.close();
});

describe('media from a bucket, by redirect', () => {
  it('sends artwork to a signed URL of the store that stays the same, and the store serves it cacheable', async () => {
    const first = await redirecting.inject({ url: '/media/art/sets/cover.webp' });
    expect(first.statusCode).toBe(302);
    const location = first.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/served-media/art/sets/cover.webp?`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    // the redirect is kept while the URL stays the same: at most half the URL's life
    const age = Number(/^public, max-age=(\d+)$/.exec(String(first.headers['cache-control']))?.[1]);
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThanOrEqual(1800);
    const again = await redirecting.inject({ url: '/media/art/sets/cover.webp' });
    expect(again.headers.location).toBe(location);
    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(Buffer.from(await fromStore.arrayBuffer()).equals(COVER)).toBe(true);
    expect(fromStore.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(fromStore.headers.get('content-type')).toBe('image/webp');
  });

  it("lets pages load images and audio from the store's origin, and the service worker fetch them", async () => {
    const csp = String((await redirecting.inject({ url: '/' })).headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      const sources = csp.split(';').find((d) => d.trim().startsWith(`${directive} `)) ?? '';
      expect(sources.split(' '), directive).toContain(s3.endpoint);
    }
    // passed through this server, nothing comes from elsewhere
    const proxied = String((await proxying.inject({ url: '/' })).headers['content-security-policy']);
    expect(proxied).not.toContain(s3.endpoint);
  });

  it('answers 404 for a key the store does not hold, and for paths that would leave it', async () => {
    for (const url of [
      '/media/art/sets/missing.webp',
      '/media/art/../audio/sets/bucket-set.mp3',
      '/media/art/%2e%2e/x',
    ]) {
      const res = await redirecting.inject({ url });
      // a '..' path answers 404, or 403 where it lands on the audio route, which wants a signed link
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('plays a signed audio link from the store, privately, and refuses it unsigned', async () => {
    const link = await permalinkFor(redirecting, me, AUDIO_PATH);
    const res = await redirecting.inject({ url: link });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const fromStore = await fetch(res.headers.location as string, { headers: { range: 'bytes=1000-1999' } });
    expect(fromStore.status).toBe(206);
    expect(fromStore.headers.get('content-range')).toBe(`bytes 1000-1999/${AUDIO.length}`);
    expect(Buffer.from(await fromStore.arrayBuffer()).equals(AUDIO.subarray(1000, 2000))).toBe(true);
    expect(fromStore.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const unsigned = await redirecting.inject({ url: AUDIO_PATH });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.headers.location).toBeUndefined();
  });
});

describe('an audio link near the end of its life', () => {
  it('is redirected for no longer than it is valid, however long the store keeps its URL', async () => {
    const { ttlS } = longUrls.config.audioLinks;
    // signed so long ago that it runs out within the next quarter of an hour
    const link = signAudioUrl(longUrls.config, 1, AUDIO_PATH, Date.now() - (ttlS - 60) * 1000);
    const left = Number(new URL(link, 'http://x').searchParams.get('exp')) - Math.floor(Date.now() / 1000);
    expect(left).toBeLessThanOrEqual(15 * 60 + 60);
    const res = await longUrls.inject({ url: link });
    expect(res.statusCode).toBe(302);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(left);
  });
});

describe('media from a bucket, through the server', () => {
  it('passes artwork on whole, with its tag, then 304 for the same tag', async () => {
    const res = await proxying.inject({ url: '/media/art/sets/cover.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(COVER)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const same = await proxying.inject({
      url: '/media/art/sets/cover.webp',
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
  });

  it('answers ranges with 206, a range past the end with 416 and the length, and HEAD without a body', async () => {
    const link = await permalinkFor(proxying, proxyMe, AUDIO_PATH);
    const part = await proxying.inject({ url: link, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(part.rawPayload.equals(AUDIO.subarray(100, 200))).toBe(true);
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const past = await proxying.inject({ url: link, headers: { range: `bytes=${AUDIO.length + 10}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${AUDIO.length}`);
    expect(past.json()).toMatchObject({ message: 'The requested range is not satisfiable.' });
    const head = await proxying.inject({ method: 'HEAD', url: link });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(AUDIO.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 in the error shape for a key the store does not hold', async () => {
    const res = await proxying.inject({ url: '/media/art/sets/missing.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});
