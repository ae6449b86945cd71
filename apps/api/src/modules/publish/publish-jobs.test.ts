// Publishing's jobs on the real job engine (pg-boss on the embedded database): a finished upload is
// processed without anyone asking again, whether the request's process runs the jobs or only sends
// them; a draft left processing by a dead run is queued again; an upload abandoned for a day goes with
// its bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { MySet } from '@cratedig/contract/publish-api';
import { PUBLISH_UPLOAD_PATH } from '@cratedig/contract/publish-api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobLeases, startJobLeases } from '../../job-leases';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { query } from '../../test/sql';
import { type JobEngine, startJobEngine } from '../notifications/jobs';
import { keepUploads, PROCESSING_QUEUE, startPublishJobs } from './jobs';

const dir = makeTempDir('cratedig-publish-jobs-');
let app: FastifyInstance;
let engine: JobEngine;
let leases: JobLeases;
let base: string;
let dj: SignedInUser;

const detail = async (id: string) =>
  (await app.inject({ url: `/api/publish/sets/${id}`, headers: dj.headers })).json<MySet>();

async function until<T>(what: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end)
      throw new Error(
        `timed out: ${JSON.stringify(await query(app, sql`select id, state, reason, updated_at from uploads`))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function upload(file: string, send = true): Promise<string> {
  const bytes = readFileSync(file);
  const headers = { 'tus-resumable': '1.0.0', authorization: dj.headers.authorization as string };
  const created = await fetch(`${base}${PUBLISH_UPLOAD_PATH}`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length) },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('location') as string;
  if (send) {
    const sent = await fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: bytes,
    });
    expect(sent.status).toBe(204);
  }
  return location.split('/').pop() as string;
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  dj = await createUserWithToken(app);
  // the jobs run "elsewhere": this app's requests only send them
  engine = await startJobEngine({ database: app.database, config: app.config, log: app.log });
  // jobs an earlier test file of this worker queued for drafts long gone would be worked first
  await engine.boss.createQueue(PROCESSING_QUEUE, { name: PROCESSING_QUEUE });
  await engine.boss.purgeQueue(PROCESSING_QUEUE);
  leases = startJobLeases({ boss: engine.boss, database: app.database, log: app.log });
  await startPublishJobs({
    boss: engine.boss,
    database: app.database,
    config: app.config,
    media: app.media,
    log: app.log,
    leases,
  });
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=8',
    '-c:a',
    'libmp3lame',
    join(dir, 'a.mp3'),
  ]);
}, 120_000);
afterAll(async () => {
  await engine?.stop();
  await leases?.stop();
  await app?.close();
});

describe('the processing job', { timeout: 60_000 }, () => {
  it('makes a finished upload ready by itself', async () => {
    const id = await upload(join(dir, 'a.mp3'));
    const ready = await until(async () => {
      const d = await detail(id);
      return d.state === 'ready' ? d : undefined;
    });
    expect(ready).toMatchObject({ format: 'mp3', duration_s: 8, reason: null });
    expect(await app.media.head(`audio/sets/published/${id}.mp3`)).toBeDefined();
  });
});

describe('the keeper', { timeout: 60_000 }, () => {
  it('queues a draft a dead run left processing, and removes an upload abandoned for a day', async () => {
    const stalled = await upload(join(dir, 'a.mp3'));
    await until(async () => ((await detail(stalled)).state === 'ready' ? true : undefined));
    // as if the run had died before it ended: bytes there, draft still processing long ago
    execFileSync('cp', [join(dir, 'a.mp3'), join(app.config.publish.uploadDir, stalled)]);
    await query(
      app,
      sql`update uploads set state = 'processing', updated_at = now() - interval '1 hour' where id = ${stalled}`,
    );
    await query(app, sql`delete from uploads where id <> ${stalled}`);
    const abandoned = await upload(join(dir, 'a.mp3'), false);
    await query(
      app,
      sql`update uploads set updated_at = now() - interval '25 hours' where id = ${abandoned}`,
    );
    expect(existsSync(join(app.config.publish.uploadDir, abandoned))).toBe(true);
    const kept = await keepUploads({
      boss: engine.boss,
      database: app.database,
      config: app.config,
      media: app.media,
      log: app.log,
    });
    expect(kept).toEqual({ requeued: 1, removed: 1 });
    expect(
      (await app.inject({ url: `/api/publish/sets/${abandoned}`, headers: dj.headers })).statusCode,
    ).toBe(404);
    expect(existsSync(join(app.config.publish.uploadDir, abandoned))).toBe(false);
    await until(async () => ((await detail(stalled)).state === 'ready' ? true : undefined));
  });
});
