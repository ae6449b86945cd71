import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir } from '../test/app';

const SIZE = 1000;
// Every byte differs from its neighbours, so a wrong offset shows up in the comparison.
const AUDIO = Buffer.from(Array.from({ length: SIZE }, (_, i) => (i * 7) % 256));
const OUTSIDE_SECRET = 'outside-the-media-folder-secret';

let app: FastifyInstance;

beforeAll(async () => {
  const root = makeTempDir('cratedig-media-');
  const mediaDir = join(root, 'media');
  mkdirSync(join(mediaDir, 'audio'), { recursive: true });
  mkdirSync(join(mediaDir, 'art'), { recursive: true });
  writeFileSync(join(mediaDir, 'audio', 'set-1.mp3'), AUDIO);
  writeFileSync(join(mediaDir, 'art', 'set-1-xl.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
  writeFileSync(join(mediaDir, '.env'), 'hidden');
  writeFileSync(join(root, 'secret.txt'), OUTSIDE_SECRET);
  symlinkSync(join(root, 'secret.txt'), join(mediaDir, 'art', 'escape.jpg'));
  symlinkSync(root, join(mediaDir, 'up'));
  app = await buildTestApp({ mediaDir });
});

afterAll(async () => {
  await app.close();
});

describe('/media', () => {
  it('serves a whole file with its type, ranges advertised, and validators', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/audio/set-1.mp3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(SIZE));
    expect(response.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(Number.isNaN(Date.parse(String(response.headers['last-modified'])))).toBe(false);
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(response.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('serves artwork as image/jpeg', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/art/set-1-xl.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('answers bytes=0-99 with 206 and exactly those bytes', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/media/audio/set-1.mp3',
      headers: { range: 'bytes=0-99' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
    expect(response.headers['content-length']).toBe('100');
    expect(response.rawPayload.equals(AUDIO.subarray(0, 100))).toBe(true);
  });

  it('answers an open-ended range from the offset to the end', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/media/audio/set-1.mp3',
      headers: { range: 'bytes=900-' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 900-999/${SIZE}`);
    expect(response.rawPayload.equals(AUDIO.subarray(900))).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/media/audio/set-1.mp3',
      headers: { range: 'bytes=-10' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 990-999/${SIZE}`);
    expect(response.rawPayload.equals(AUDIO.subarray(990))).toBe(true);
  });

  it('answers an unsatisfiable range with 416 and the size', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/media/audio/set-1.mp3',
      headers: { range: 'bytes=5000-6000' },
    });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${SIZE}`);
  });

  it('answers HEAD with the headers and no body, ranges included', async () => {
    const whole = await app.inject({ method: 'HEAD', url: '/media/audio/set-1.mp3' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(SIZE));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body).toBe('');
    const part = await app.inject({
      method: 'HEAD',
      url: '/media/audio/set-1.mp3',
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${SIZE}`);
  });

  it('answers a conditional request with 304', async () => {
    const first = await app.inject({ method: 'GET', url: '/media/audio/set-1.mp3' });
    const again = await app.inject({
      method: 'GET',
      url: '/media/audio/set-1.mp3',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a missing file, a folder and a dotfile with a JSON 404', async () => {
    for (const url of ['/media/audio/nope.mp3', '/media/audio', '/media/.env']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 404, status: 'Not Found' });
    }
  });

  it('lists no folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/audio/' });
    expect([403, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('set-1.mp3');
    expect(response.json()).toMatchObject({ code: response.statusCode });
  });

  // Sent byte for byte over a socket: inject() and browsers resolve "/../" before sending, an attacker's
  // client does not.
  it('never serves a file from outside the media folder', async () => {
    const attempts = [
      '/media/../package.json',
      '/media/../../../../etc/passwd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/..%2f..%2fetc/passwd',
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/audio/../../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/..%5csecret.txt',
      '/media//etc/passwd',
      '/media/%2fetc%2fpasswd',
      '/media/art/escape.jpg',
      '/media/up/secret.txt',
      '/media/audio/set-1.mp3%00.jpg',
    ];
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    for (const path of attempts) {
      const { status, raw } = await rawGet(port, path);
      expect([400, 403, 404], path).toContain(status);
      expect(raw, path).not.toContain(OUTSIDE_SECRET);
      expect(raw, path).not.toContain('root:');
      expect(raw, path).not.toContain('"workspaces"');
    }
  });
});

function rawGet(port: number, path: string): Promise<{ status: number; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      raw += chunk;
    });
    socket.on('end', () => resolve({ status: Number(raw.split(' ')[1]), raw }));
    socket.on('error', reject);
  });
}
