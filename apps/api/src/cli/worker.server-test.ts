// `cratedig worker` on PostgreSQL: two workers started as real processes share the background jobs
// through the job engine. Every set's audio is read once, by one of them, and a worker stops on
// SIGTERM after its current step. Runs in the PostgreSQL pass (*.server-test.ts).
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

beforeAll(async () => {
  await resetDatabase();
  app = await buildTestApp();
  mkdirSync(join(mediaDir, 'audio', 'sets'), { recursive: true });
  for (let i = 0; i < SETS; i++) {
    await writeWav(join(mediaDir, 'audio', 'sets', `worker-${i}.wav`), [
      { seed: `worker-set:${i}`, genre: 'Techno', bpm: 126, seconds: 20 },
    ]);
    await createSet(app, { name: `Read by a worker ${i}`, audioPath: `/media/audio/sets/worker-${i}.wav` });
  }
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
      const rows = await query<{ n: number }>(
        app,
        sql`select count(*)::int as n from set_landmarks where status = 'done'`,
      );
      done = rows[0]?.n ?? 0;
      if (done === SETS && readBy(a) + readBy(b) === SETS) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(done).toBe(SETS);
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
});
