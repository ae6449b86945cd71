// The database goes away under load and comes back: the API process stays up, answers 503 in the
// error shape while PostgreSQL is down (never a refused connection or a hang), and answers 200 again
// once it is back, without a restart. Runs main.ts as a real process on a throwaway PostgreSQL server
// of its own (scripts/pg-server.sh), in the PostgreSQL pass (*.server-test.ts).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorShape } from '@cratedig/contract/common';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from './test/app';
import { type ThrowawayPg, throwawayPg } from './test/throwaway-pg';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The product's promise: an answer within 5 s during the outage, 200 within 5 s of the return. */
const PROMISE_MS = 5000;

const dataDir = makeTempDir('cratedig-outage-');
let server: ThrowawayPg | undefined;
let app: ReturnType<typeof spawn> | undefined;

async function call(port: number, path: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, ms: Date.now() - started };
}

afterAll(() => {
  if (app && app.exitCode === null) app.kill('SIGKILL');
  try {
    server?.stop();
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the database goes away and comes back', { timeout: 300_000 }, () => {
  it('answers 503 in the error shape during the outage and 200 again soon after, without a restart', async () => {
    server = await throwawayPg('cratedig-outage-pg-');
    const db = server;
    const url = db.start();
    let output = '';
    app = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        CRATEDIG_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    app.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const port = await new Promise<number>((resolve, reject) => {
      const poll = setInterval(() => {
        const found = /serving on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
        if (found) {
          clearInterval(poll);
          resolve(Number(found));
        } else if (app?.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`main.ts exited:\n${output}`));
        }
      }, 100);
    });
    expect((await call(port, '/api/health')).status).toBe(200);

    // Light load on endpoints that need the database (open ones: health, the username lookup, a share
    // preview), while it is stopped.
    const seen: Record<string, number> = {};
    let slowest = 0;
    let loading = true;
    const load = (async () => {
      while (loading) {
        for (const path of ['/api/health', '/api/users/un/someone', '/public/preview/sets/1']) {
          const answer = await call(port, path).catch(() => ({ status: 0, body: 'no answer', ms: 0 }));
          slowest = Math.max(slowest, answer.ms);
          seen[answer.status] = (seen[answer.status] ?? 0) + 1;
          if (answer.status >= 500) {
            expect(answer.status, JSON.stringify(answer.body)).toBe(503);
            expect(errorShape.safeParse(answer.body).success, JSON.stringify(answer.body)).toBe(true);
          }
        }
      }
    })();
    db.stop();
    // While it is down: 503 in the error shape, answered within the promise, the process alive.
    for (let i = 0; i < 5; i += 1) {
      for (const path of ['/api/health', '/api/users/un/someone', '/public/preview/sets/1']) {
        const answer = await call(port, path);
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(errorShape.parse(answer.body).code).toBe(503);
        slowest = Math.max(slowest, answer.ms);
      }
    }
    expect(app.exitCode).toBeNull();

    db.start();
    const backAt = Date.now();
    let recoveredMs = -1;
    while (recoveredMs < 0) {
      const answer = await call(port, '/api/health');
      if (answer.status === 200) recoveredMs = Date.now() - backAt;
    }
    loading = false;
    await load;
    expect((await call(port, '/api/users/un/someone')).status).toBe(404);
    console.log(
      `database outage: answers seen ${JSON.stringify(seen)}, slowest answer ${slowest} ms, first 200 ${(recoveredMs / 1000).toFixed(2)} s after the database was back`,
    );
    expect(slowest).toBeLessThan(PROMISE_MS);
    expect(recoveredMs).toBeLessThan(PROMISE_MS);
    expect(app.exitCode).toBeNull();
  });
});
