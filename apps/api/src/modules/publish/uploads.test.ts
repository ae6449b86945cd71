// A DJ's upload over tus, as a browser sends it: signed in, refused from its declared length before a
// byte is stored, resumed after a drop with the same bytes, owned by its uploader alone; then
// processed into the rendition, or refused by its content with the reason the owner reads, without
// ffmpeg ever following a reference inside the file.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { MySet, MySetList, UploadEvent } from '@cratedig/contract/publish-api';
import { formatHours, PUBLISH_UPLOAD_PATH, publishMessages } from '@cratedig/contract/publish-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir, testConfig } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { query } from '../../test/sql';
import { openSse } from '../live/sse-reader';
import { processUpload } from './processing';

const dir = makeTempDir('cratedig-uploads-');
let app: FastifyInstance;
let base: string;
let dj: SignedInUser;
let other: SignedInUser;
/** A server that records any request ffmpeg would make to it. */
let trap: Server;
let trapHits = 0;

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'ignore' });
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function create(
  user: SignedInUser | null,
  size: number,
  name = 'set.mp3',
  extra: Record<string, string> = {},
) {
  return await fetch(`${base}${PUBLISH_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${b64(name)},filetype ${b64('audio/mpeg')}`,
      ...(user ? { authorization: user.headers.authorization as string } : {}),
      ...extra,
    },
  });
}

async function patch(user: SignedInUser, location: string, offset: number, bytes: Buffer) {
  return await fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      authorization: user.headers.authorization as string,
    },
    body: bytes,
  });
}

async function head(user: SignedInUser, location: string) {
  return await fetch(`${base}${location}`, {
    method: 'HEAD',
    headers: { 'tus-resumable': '1.0.0', authorization: user.headers.authorization as string },
  });
}

async function mySets(user: SignedInUser): Promise<MySet[]> {
  const res = await app.inject({ url: '/api/publish/sets', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MySetList>().items;
}

/** Uploads a whole file in one request; the draft's id. */
async function upload(user: SignedInUser, file: string, name = 'set.mp3'): Promise<string> {
  const bytes = readFileSync(file);
  const created = await create(user, bytes.length, name);
  expect(created.status, await created.clone().text()).toBe(201);
  const location = created.headers.get('location') as string;
  const sent = await patch(user, location, 0, bytes);
  expect(sent.status, await sent.clone().text()).toBe(204);
  return location.split('/').pop() as string;
}

async function processed(id: string) {
  await processUpload({ db: app.db, config: app.config, media: app.media }, id);
  const res = await app.inject({ url: `/api/publish/sets/${id}`, headers: dj.headers });
  return res.json<MySet>();
}

async function clearDrafts() {
  await query(app, sql`delete from uploads`);
}

beforeAll(async () => {
  // a test uploads more than a day's worth; the daily limit has a test of its own
  const config = testConfig(dir);
  app = await buildTestApp({
    auth: { ...config.auth, limits: { ...config.auth.limits, upload: { max: 1000, windowS: 86_400 } } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  dj = await createUserWithToken(app);
  other = await createUserWithToken(app);
  trap = createServer((_req, res) => {
    trapHits += 1;
    res.end('#EXTM3U\n');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=20',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    join(dir, 'set.mp3'),
  ]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=12', '-ac', '2', join(dir, 'set.wav')]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=550:duration=12', join(dir, 'set.flac')]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=660:duration=12',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    join(dir, 'set.m4a'),
  ]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=770:duration=12', '-c:a', 'libopus', join(dir, 'set.opus')]);
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=880:duration=12', join(dir, 'set.aiff')]);
  ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=64x64', '-frames:v', '1', join(dir, 'cover.png')]);
}, 60_000);
afterAll(async () => {
  trap?.close();
  await app?.close();
});

// First: a second app on the same embedded database stops its LISTEN when it closes, for every app.
describe("the owner's open pages", () => {
  it('hear each change of the upload live; nobody else does', async () => {
    const ticket = async (user: SignedInUser) =>
      (await app.inject({ method: 'POST', url: '/api/events/ticket', headers: user.headers })).json().ticket;
    const mine = await openSse(`${base}/api/events?ticket=${await ticket(dj)}`);
    const theirs = await openSse(`${base}/api/events?ticket=${await ticket(other)}`);
    try {
      await mine.next('ready');
      await theirs.next('ready');
      const id = await upload(dj, join(dir, 'set.mp3'));
      const state = (d: unknown) => (d as UploadEvent).upload;
      expect(state((await mine.next('upload', (d) => state(d).state === 'processing')).data)).toMatchObject({
        id,
      });
      await processUpload({ db: app.db, config: app.config, media: app.media }, id);
      const ready = state((await mine.next('upload', (d) => state(d).state === 'ready')).data);
      expect(ready).toMatchObject({ id, format: 'mp3', duration_s: 20, step: null });
      // the other listener's stream carries nothing of it: the next thing it hears is its own
      const own = await create(other, 100);
      const heard = state((await theirs.next('upload')).data);
      expect(heard.id).toBe((own.headers.get('location') as string).split('/').pop());
    } finally {
      mine.close();
      theirs.close();
      await clearDrafts();
    }
  });
});

describe('creating an upload', () => {
  it('asks to be signed in', async () => {
    const res = await create(null, 1000);
    expect(res.status).toBe(401);
    expect(await mySets(dj)).toEqual([]);
  });

  it('refuses from the declared length, before a byte is stored, in the error shape', async () => {
    const tooBig = await create(dj, app.config.publish.maxFileBytes + 1);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ code: 413, message: publishMessages.tooBig('4 GB') });
    const empty = await create(dj, 0);
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { message: string }).message).toBe(publishMessages.empty);
    const deferred = await create(dj, 10, 'x.mp3', { 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(await mySets(dj)).toEqual([]);
  });

  it('refuses a file the disk has no room for, before a byte is stored', async () => {
    const roomy = await buildTestApp({ publish: { ...app.config.publish, maxFileBytes: 2 ** 52 } });
    try {
      await roomy.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(roomy.server.address() as AddressInfo).port}${PUBLISH_UPLOAD_PATH}`;
      const user = await createUserWithToken(roomy);
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          // 256 TB: more than this disk holds
          'upload-length': String(2 ** 48),
          authorization: user.headers.authorization as string,
        },
      });
      expect(res.status).toBe(507);
      expect(((await res.json()) as { message: string }).message).toBe(publishMessages.noRoom);
      expect(await query(roomy, sql`select id from uploads`)).toEqual([]);
    } finally {
      await roomy.close();
    }
  });

  it('allows one upload at a time, and says so', async () => {
    const first = await create(dj, 5000);
    expect(first.status).toBe(201);
    const second = await create(dj, 5000);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe(publishMessages.oneAtATime);
    expect((await mySets(dj)).map((s) => s.state)).toEqual(['uploading']);
    // cancelled, the next one may begin
    const cancel = await fetch(`${base}${first.headers.get('location')}`, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', authorization: dj.headers.authorization as string },
    });
    expect(cancel.status).toBe(204);
    expect(await mySets(dj)).toEqual([]);
  });

  it('counts uploads a day and bytes a user holds', async () => {
    const limited = await buildTestApp({
      publish: { ...app.config.publish, bytesPerUser: 10_000 },
      auth: {
        ...app.config.auth,
        limits: { ...app.config.auth.limits, upload: { max: 1, windowS: 86_400 } },
      },
    });
    try {
      await limited.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(limited.server.address() as AddressInfo).port}${PUBLISH_UPLOAD_PATH}`;
      const user = await createUserWithToken(limited);
      const post = (size: number) =>
        fetch(url, {
          method: 'POST',
          headers: {
            'tus-resumable': '1.0.0',
            'upload-length': String(size),
            authorization: user.headers.authorization as string,
          },
        });
      const over = await post(20_000);
      expect(over.status).toBe(413);
      expect(((await over.json()) as { message: string }).message).toBe(publishMessages.quota('9.8 KB'));
      const first = await post(100);
      expect(first.status).toBe(201);
      // deleting the upload gives no new one back
      const cancelled = await fetch(`${url}/${(first.headers.get('location') as string).split('/').pop()}`, {
        method: 'DELETE',
        headers: { 'tus-resumable': '1.0.0', authorization: user.headers.authorization as string },
      });
      expect(cancelled.status).toBe(204);
      const again = await post(100);
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await again.json()) as { message: string }).message).toBe(publishMessages.perDay(1));
    } finally {
      await limited.close();
      await clearDrafts();
    }
  });
});

describe('an upload in progress', () => {
  it('resumes where it stopped and gives back the same bytes', async () => {
    const bytes = readFileSync(join(dir, 'set.mp3'));
    const created = await create(dj, bytes.length);
    const location = created.headers.get('location') as string;
    expect(location).toMatch(new RegExp(`^${PUBLISH_UPLOAD_PATH}/[0-9a-f]{32}$`));
    const half = Math.floor(bytes.length / 2);
    expect((await patch(dj, location, 0, bytes.subarray(0, half))).status).toBe(204);
    // the connection dropped: the client asks where to go on from
    const at = await head(dj, location);
    expect(at.headers.get('upload-offset')).toBe(String(half));
    const [draft] = await mySets(dj);
    expect(draft).toMatchObject({ state: 'uploading', size_bytes: bytes.length, file_name: 'set.mp3' });
    // a wrong offset is refused, the bytes stay as they were
    expect((await patch(dj, location, 10, bytes.subarray(10, 20))).status).toBe(409);
    expect((await patch(dj, location, half, bytes.subarray(half))).status).toBe(204);
    const id = location.split('/').pop() as string;
    const stored = readFileSync(join(app.config.publish.uploadDir, id));
    expect(stored.equals(bytes)).toBe(true);
    expect((await mySets(dj))[0]).toMatchObject({ state: 'processing', received_bytes: bytes.length });
    await clearDrafts();
  });

  it("is its owner's alone: another user is told it does not exist", async () => {
    const created = await create(dj, 1000);
    const location = created.headers.get('location') as string;
    expect((await head(other, location)).status).toBe(404);
    expect((await patch(other, location, 0, Buffer.alloc(10))).status).toBe(404);
    const id = location.split('/').pop() as string;
    expect((await app.inject({ url: `/api/publish/sets/${id}`, headers: other.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/publish/sets/${id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(await mySets(other)).toEqual([]);
    expect((await head(dj, location)).headers.get('upload-offset')).toBe('0');
    await clearDrafts();
  });
});

describe('processing', () => {
  it.each([
    ['an MP3, its frames copied', 'set.mp3', 'mp3', 20],
    ['a WAV, encoded', 'set.wav', 'wav', 12],
    ['a FLAC, encoded', 'set.flac', 'flac', 12],
    ['an M4A (AAC), encoded', 'set.m4a', 'm4a', 12],
    ['an Ogg Opus, encoded', 'set.opus', 'ogg', 12],
    ['an AIFF, encoded', 'set.aiff', 'aiff', 12],
  ])('makes the rendition of %s', async (_what, file, format, seconds) => {
    const id = await upload(dj, join(dir, file), `My set.${file.split('.')[1]}`);
    const draft = await processed(id);
    expect(draft).toMatchObject({ state: 'ready', format, reason: null });
    expect(Math.abs((draft.duration_s ?? 0) - seconds)).toBeLessThanOrEqual(1);
    const head = await app.media.head(`audio/sets/published/${id}.mp3`);
    expect(head?.size).toBeGreaterThan(10_000);
    // the uploaded bytes are gone once the rendition is stored
    expect(existsSync(join(app.config.publish.uploadDir, id))).toBe(false);
    await clearDrafts();
  });

  const refusals: [string, () => Buffer, string][] = [
    ['a picture named .mp3', () => readFileSync(join(dir, 'cover.png')), publishMessages.notAudio],
    [
      'a program named .mp3',
      () => readFileSync(process.execPath).subarray(0, 200_000),
      publishMessages.notAudio,
    ],
    [
      'an HLS playlist pointing at local files and a server',
      () =>
        Buffer.from(
          `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXTINF:10,\nhttp://127.0.0.1:${(trap.address() as AddressInfo).port}/a.ts\n#EXT-X-ENDLIST\n`,
        ),
      publishMessages.notAudio,
    ],
    [
      'an ffmpeg concat list',
      () =>
        Buffer.from(
          `ffconcat version 1.0\nfile '${join(dir, 'set.mp3')}'\nfile 'http://127.0.0.1:${(trap.address() as AddressInfo).port}/b.mp3'\n`,
        ),
      publishMessages.notAudio,
    ],
    [
      'a WAV cut at half',
      () => {
        const whole = readFileSync(join(dir, 'set.wav'));
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      publishMessages.empty,
    ],
    [
      'a FLAC cut at half',
      () => {
        const whole = readFileSync(join(dir, 'set.flac'));
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      publishMessages.empty,
    ],
  ];
  it.each(refusals)('refuses %s with the reason, reading nothing else', async (_what, bytesOf, reason) => {
    const file = join(dir, 'bad.mp3');
    writeFileSync(file, bytesOf());
    const id = await upload(dj, file, 'bad.mp3');
    const draft = await processed(id);
    expect(draft).toMatchObject({ state: 'failed', reason });
    expect(trapHits).toBe(0);
    expect(await app.media.head(`audio/sets/published/${id}.mp3`)).toBeUndefined();
    expect(existsSync(join(app.config.publish.uploadDir, id))).toBe(false);
    await clearDrafts();
  });

  it('refuses a recording longer than the limit', async () => {
    const short = await buildTestApp({ publish: { ...app.config.publish, maxDurationS: 10 } });
    try {
      const id = await upload(dj, join(dir, 'set.mp3'));
      await processUpload({ db: short.db, config: short.config, media: short.media }, id);
      expect((await mySets(dj))[0]).toMatchObject({
        state: 'failed',
        reason: publishMessages.tooLong(formatHours(10)),
      });
    } finally {
      await short.close();
      await clearDrafts();
    }
  });
});
