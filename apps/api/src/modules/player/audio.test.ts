// Signed audio links: a set's mp3_permalink plays for the
// user it was signed for, with Range; unsigned, expired, tampered or re-addressed links answer 403.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signAudioUrl } from '../../lib/audio-links';
import { buildTestApp } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { permalinkFor } from '../../test/player';

const AUDIO_PATH = '/media/audio/sets/test-set.mp3';
const FILE = randomBytes(300_000);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  const folder = join(app.config.mediaDir, 'audio', 'sets');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'test-set.mp3'), FILE);
  writeFileSync(join(app.config.mediaDir, 'cover.jpg'), 'jpeg');
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
});

const fetchAudio = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers });

describe('signed audio links', () => {
  it('a valid link streams the file without a bearer token, privately cacheable, with ranges', async () => {
    const me = await createUserWithToken(app);
    const link = await permalinkFor(app, me, AUDIO_PATH);
    expect(link).toMatch(/^\/media\/audio\/sets\/test-set\.mp3\?u=\d+&exp=\d+&sig=[\w-]{43}$/);
    const whole = await fetchAudio(link);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(FILE)).toBe(true);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(whole.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);

    const part = await fetchAudio(link, { range: 'bytes=1000-66535' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-66535/${FILE.length}`);
    expect(part.rawPayload.equals(FILE.subarray(1000, 66536))).toBe(true);

    const tail = await fetchAudio(link, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(FILE.subarray(FILE.length - 100))).toBe(true);

    const beyond = await fetchAudio(link, { range: `bytes=${FILE.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${FILE.length}`);
    expect(beyond.json()).toMatchObject({ code: 416 });

    const head = await fetchAudio(link, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(FILE.length));
    expect(head.body).toBe('');

    const revalidate = await fetchAudio(link, { 'if-none-match': String(whole.headers.etag) });
    expect(revalidate.statusCode).toBe(304);
  });

  it('refuses plain, expired, tampered and re-addressed links with 403 in the error shape', async () => {
    const [me, other] = [await createUserWithToken(app), await createUserWithToken(app)];
    const link = await permalinkFor(app, me, AUDIO_PATH);
    const url = new URL(link, 'http://x');
    const variant = (change: (params: URLSearchParams) => void, path = url.pathname) => {
      const params = new URLSearchParams(url.search);
      change(params);
      return `${path}?${params}`;
    };
    const expired = signAudioUrl(app.config, me.user.id, AUDIO_PATH, Date.now() - 2 * 24 * 3600 * 1000);
    const flip = (sig: string) => `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const refused = {
      plain: AUDIO_PATH,
      expired,
      'tampered signature': variant((p) => p.set('sig', flip(p.get('sig') ?? ''))),
      'signature with extra text': variant((p) => p.set('sig', `${p.get('sig')}A`)),
      "another user's id": variant((p) => p.set('u', String(other.user.id))),
      'later expiry': variant((p) => p.set('exp', String(Number(p.get('exp')) + 3600))),
      'other file': variant(() => {}, '/media/audio/sets/other.mp3'),
      'no signature': variant((p) => p.delete('sig')),
      'leading zero user': variant((p) => p.set('u', `0${p.get('u')}`)),
    };
    for (const [name, bad] of Object.entries(refused)) {
      const response = await fetchAudio(bad);
      expect([name, response.statusCode]).toEqual([name, 403]);
      expect(response.json()).toMatchObject({ code: 403, message: expect.any(String) });
      expect(response.headers['content-range']).toBeUndefined();
    }
    expect((await fetchAudio(expired)).json().message).toBe('This audio link has expired.');
    // Another user's link names its user: it still plays for whoever holds it until it expires, but
    // it can only ever be the link that was signed (the re-addressed variants above are refused).
    expect((await fetchAudio(link)).statusCode).toBe(200);
    // Artwork stays public under /media.
    expect((await fetchAudio('/media/cover.jpg')).statusCode).toBe(200);
  });

  it('re-fetching within the expiry step gives the same URL, and a traversal attempt is refused', async () => {
    const me = await createUserWithToken(app);
    expect(signAudioUrl(app.config, me.user.id, AUDIO_PATH)).toBe(
      signAudioUrl(app.config, me.user.id, AUDIO_PATH),
    );
    // Even a validly signed '..' (sent as ..%2f, which no client normalises away) never leaves the folder.
    const sneaky = signAudioUrl(app.config, me.user.id, '/media/audio/sets/../../cover.jpg').replaceAll(
      '../',
      '..%2f',
    );
    const response = await fetchAudio(sneaky);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty('code');
    // Absolute URLs (a CDN) are left as they are.
    expect(signAudioUrl(app.config, me.user.id, 'https://cdn.example/a.mp3')).toBe(
      'https://cdn.example/a.mp3',
    );
  });
});
