// What a browser receives by Accept-Encoding: the web app's files as the build compressed them (brotli
// or gzip twins, else the file itself), API answers compressed on the fly when worth it, and media
// (audio in byte ranges, artwork) always as stored.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { buildTestApp, makeTempDir } from '../test/app';
import { COMPRESS_SYNC_MAX_BYTES } from './compression';

// Repetitive enough to compress, large enough (> 1 KB) to get twins.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'cratedig ${i}';`).join('\n');
const INDEX = `<!doctype html><html><head><title>Cratedig</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/app-abc123.js"></script></body></html>`;
// A page of 20 items, as the catalogue's lists answer: tens of KB of JSON.
const PAGE = {
  data: Array.from({ length: 20 }, (_, i) => ({
    id: i,
    name: `Artist ${i}`,
    bio: `Played ${i} sets. `.repeat(60),
  })),
  total: 20,
};
// A search's answer: four sections of 20 items, 50–80 KB of JSON.
const SEARCH_SIZED = {
  sections: ['tracks', 'sets', 'artists', 'labels'].map((kind) => ({
    kind,
    data: Array.from({ length: 20 }, (_, i) => ({
      id: i,
      name: `${kind} ${i}`,
      bio: `Played ${i} sets at ${kind}. `.repeat(40),
    })),
  })),
};
const AUDIO = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7) % 256));

let app: FastifyInstance;

beforeAll(async () => {
  const root = makeTempDir('cratedig-compression-');
  const distDir = join(root, 'dist');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), INDEX);
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(distDir, 'assets', 'tiny-abc123.js'), 'console.log(1);');
  precompress(distDir);
  const mediaDir = join(root, 'media');
  mkdirSync(join(mediaDir, 'audio'), { recursive: true });
  writeFileSync(join(mediaDir, 'audio', 'set-1.mp3'), AUDIO);
  app = await buildTestApp(
    { webDistDir: distDir, mediaDir },
    {
      register: async (instance) => {
        instance.get('/api/page-sized', async () => PAGE);
        instance.get('/api/search-sized', async () => SEARCH_SIZED);
      },
    },
  );
});

afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the web app, compressed once at build time', () => {
  it('sends a hashed asset as brotli when the browser accepts it, decoding to the same bytes', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts gzip only', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself without Accept-Encoding or with identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get('/assets/app-abc123.js', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('sends a file too small to be worth compressing as it is', async () => {
    const response = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1);');
  });

  it('sends index.html for a client route compressed, still revalidated', async () => {
    const response = await get('/sets/12', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer when asked', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    const br = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it.each([
    { what: 'a page-sized answer', url: '/api/page-sized', value: PAGE, over: 10_000 },
    { what: "a search's answer (over 64 KB)", url: '/api/search-sized', value: SEARCH_SIZED, over: 65_536 },
  ])('compresses $what in one go: its length is known, not chunked', async ({ url, value, over }) => {
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(over);
    expect(plain.body.length).toBeLessThan(COMPRESS_SYNC_MAX_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const response = await get(url, { 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['transfer-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.body.length / 5);
      const body =
        encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(JSON.parse(body.toString())).toEqual(value);
    }
  });

  it('leaves a small JSON answer (under 1 KB) uncompressed', async () => {
    const response = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('media', () => {
  it('never compresses audio, neither a byte range nor the whole file', async () => {
    const range = await get('/media/audio/set-1.mp3', {
      'accept-encoding': 'br, gzip',
      range: 'bytes=100-1099',
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 100-1099/${AUDIO.length}`);
    expect(range.rawPayload.equals(AUDIO.subarray(100, 1100))).toBe(true);
    const whole = await get('/media/audio/set-1.mp3', { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(AUDIO)).toBe(true);
  });
});
