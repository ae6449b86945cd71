// A PostgreSQL server of a test's own (scripts/pg-server.sh) on a free loopback port, in a folder
// removed when the test file ends: for tests that stop and start the database under the app.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from './app';

const PG_SCRIPT = join(fileURLToPath(new URL('../../../..', import.meta.url)), 'scripts/pg-server.sh');

export interface ThrowawayPg {
  /** Starts (or starts again) the server; its superuser URL. */
  start(): string;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function throwawayPg(prefix: string): Promise<ThrowawayPg> {
  const dir = makeTempDir(prefix);
  const port = await freePort();
  const run = (command: 'start' | 'stop') =>
    execFileSync('bash', [PG_SCRIPT, command], {
      env: { ...process.env, PG_DIR: dir, PG_PORT: String(port) },
      encoding: 'utf8',
    }).trim();
  return { start: () => run('start'), stop: () => void run('stop') };
}
