// `cratedig worker` on PostgreSQL: two workers started as real processes share the background jobs
// through the job engine. Every set's audio is read once, by one of them, and a worker stops on
// SIGTERM after its current step. A worker killed outright mid-run holds the work only until its
// lease lapses (job-leases.ts): another worker reads the rest about a minute later, not after the
// engine's ten-minute expiry. Runs in the PostgreSQL pass (*.server-test.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWav } from '../modules/fingerprints/test-mix';
import { buildTestApp, makeTempDir } from '../test/app';
import { resetDatabase, workerDatabaseUrl } from '../test/database';
import { createSet } from '../test/factories';
import { query } from '../test/sql';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const SETS = 4;

let app: FastifyInstance;
const mediaDir = join(makeTempDir('cratedig-worker-'), 'media');
const workers: { child: ChildProcess; lines: string[] }[] = [];

function startWorker() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'worker'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: workerDatabaseUrl(),
      DATA_DIR: makeTempDir('cratedig-worker-data-'),
      MEDIA_DIR: mediaDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      CRATEDIG_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const worker = { child, lines: [] as string[] };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => worker.lines.push(...chunk.toString().split('\n').filter(Boolean)));
  }
  workers.push(worker);
  return worker;
}

/** The `done` count of each "fingerprints run" line a worker logged. */
const readBy = (worker: { lines: string[] }) =>
  worker.lines
    .filter((line) => line.includes('"fingerprints run"'))
    .reduce((sum, line) => sum + (JSON.parse(line) as { done: number }).done, 0);

async function addSets(prefix: string, count: number, seconds: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await writeWav(join(mediaDir, 'audio', 'sets', `${prefix}-${i}.wav`), [
      { seed: `${prefix}-set:${i}`, genre: 'Techno', bpm: 126, seconds },
    ]);
    await createSet(app, {
      name: `Read by a worker ${prefix} ${i}`,
      audioPath: `/media/audio/sets/${prefix}-${i}.wav`,
    });
  }
}

const setsDone = async () =>
  (
    await query<{ n: number }>(app, sql`select count(*)::int as n from set_landmarks where status = 'done'`)
  )[0]?.n ?? 0;

beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp();
  // the job engine's schema outlives the reset: a run a killed worker of an earlier test run left
  // active would hold the queue until the engine expires it
  await app.db.execute(sql`
    do $$ begin
      if to_regclass('pgboss.job') is not null then
        delete from pgboss.job where name = 'fingerprints' and state = 'active';
      end if;
    end $$`);
  mkdirSync(join(mediaDir, 'audio', 'sets'), { recursive: true });
  await addSets('worker', SETS, 20);
}, 60_000);
afterAll(async () => {
  for (const { child } of workers) if (child.exitCode === null) child.kill('SIGKILL');
  await app?.close();
});

describe('cratedig worker', { timeout: 180_000 }, () => {
  it('two workers read every set once between them, and each stops on SIGTERM', async () => {
    const [a, b] = [startWorker(), startWorker()];
    const deadline = Date.now() + 150_000;
    let done = 0;
    while (Date.now() < deadline) {
      done = await setsDone();
      const started = [a, b].every((w) => w.lines.some((line) => line.includes('runs the background jobs')));
      if (done === SETS && readBy(a) + readBy(b) === SETS && started) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // a worker that failed to start says why in its own lines
    expect(done, [...a.lines, ...b.lines].join('\n')).toBe(SETS);
    // each set read by one worker only: the queue runs one fingerprint run at a time across them
    expect(readBy(a) + readBy(b)).toBe(SETS);
    for (const worker of [a, b]) {
      expect(worker.lines.join('\n')).toMatch(/runs the background jobs \(media in .*media\)/);
      const exited = new Promise<number | null>((resolve) => worker.child.once('exit', resolve));
      worker.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(worker.lines.join('\n')).toContain('worker stopped');
    }
  });

  it('a worker killed mid-run leaves the rest to another about a minute later, each set read once', {
    // reading audio runs at the lowest priority: on a busy machine the sets themselves take minutes
    timeout: 480_000,
  }, async () => {
    const more = 3;
    await addSets('killed', more, 30);
    const before = await setsDone();
    const fingerprintLeases = () =>
      query<{ holder: string }>(app, sql`select holder from job_leases where queue = 'fingerprints'`);
    const a = startWorker();
    // killed outright while it runs: once it holds the fingerprint run's lease
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && (await fingerprintLeases()).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fingerprintLeases()).map((lease) => lease.holder)).toEqual([
      expect.stringContaining(`:${a.child.pid}:`),
    ]);
    const exited = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    expect(await setsDone()).toBeLessThan(before + more);

    // another worker takes the run once the lease lapses (60 s, seen at the next 10 s beat), not
    // after the engine's 10-minute expiry
    const b = startWorker();
    const heldByB = async () =>
      (await fingerprintLeases()).some((lease) => lease.holder.includes(`:${b.child.pid}:`));
    while (Date.now() - killedAt < 150_000 && !(await heldByB()))
      await new Promise((resolve) => setTimeout(resolve, 500));
    const tookS = (Date.now() - killedAt) / 1000;
    expect(await heldByB()).toBe(true);
    expect(tookS).toBeLessThan(120);
    while (Date.now() - killedAt < 400_000 && (await setsDone()) < before + more)
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await setsDone()).toBe(before + more);
    expect(b.lines.join('\n')).not.toContain('"level":50');
    // nothing half-done: each set read has exactly the postings its row counts, once
    const counted = await query<{ set_id: number; landmarks: number; postings: number }>(
      app,
      sql`select l.set_id, l.landmarks, (select count(*)::int from landmark_postings p where p.set_id = l.set_id) as postings
          from set_landmarks l where l.status = 'done'`,
    );
    for (const row of counted) expect(row.postings, `set ${row.set_id}`).toBe(row.landmarks);
    // the killed worker's lease is taken back (it may have been between two runs when killed, its
    // lease then on a job already done): in the end only the live worker holds any
    const othersHold = async () =>
      (await query<{ holder: string }>(app, sql`select holder from job_leases`)).some(
        ({ holder }) => !holder.includes(`:${b.child.pid}:`),
      );
    while (Date.now() - killedAt < 400_000 && (await othersHold()))
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await othersHold()).toBe(false);
    const stopped = new Promise<number | null>((resolve) => b.child.once('exit', resolve));
    b.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  });
});
