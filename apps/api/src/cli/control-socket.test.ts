// A release while `npm start`'s server runs on the embedded database: the command, a separate
// process, cannot open the server's PGlite folder, so it runs through the server's control socket;
// the server shows the notification at once. A second server on the same folder is refused.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { makeTempDir } from '../test/app';
import { claimControlSocket } from './control-socket';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const PORT = 8205;
const base = `http://127.0.0.1:${PORT}`;
let dataDir: string;
let server: ChildProcess;
let serverOutput = '';

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    CRATEDIG_ENV: 'test',
    DATABASE_URL: '',
  };
}

function runProcess(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: API_DIR, env: env() });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  dataDir = makeTempDir('cratedig-control-');
  // A small catalogue written before the server starts (the server then holds the folder).
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await migrate(database);
  await database.db.execute(sql`
    insert into sets (id, set_name, artist, genre, release_date, duration_ms)
    overriding system value values (1, 'Warehouse Sunrise', 'Tiber & Lune', 'Techno', '2026-10-01', 3600000)`);
  await database.db.execute(sql`
    insert into tracks (id, title, artist, mix_type, found_in_set_id, release_date) overriding system value values
      (1, 'ID', 'Tiber & Lune', 'ID', 1, null), (2, 'Parallax', 'Tiber & Lune', 'original_mix', null, '2026-11-01')`);
  await database.close();

  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_DIR, env: env() });
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      serverOutput += chunk.toString();
      if (serverOutput.includes('Cratedig is serving on')) resolve();
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${serverOutput}`)));
  });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; basic?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.basic) headers.authorization = `Basic ${init.basic}`;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('cratedig beside a running server on PGlite', () => {
  it('the server answers on a private socket in DATA_DIR', () => {
    const mode = statSync(join(dataDir, 'cratedig.sock')).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('releases an ID through the server, which shows the notification at once', async () => {
    const registered = await api('POST', '/api/users', {
      body: {
        username: 'watcher',
        email: 'watcher@example.test',
        password: 'secret-pass',
        about_me: '',
        auth_provider: 'web_client',
      },
    });
    expect(registered.status).toBe(200);
    const tokens = await api('POST', '/api/tokens', {
      basic: Buffer.from('watcher:secret-pass').toString('base64'),
    });
    const token = tokens.json.access_token as string;
    expect((await api('PUT', '/api/favs/track/1/likes-toggle', { token })).json).toMatchObject({
      show_likes: true,
    });

    const release = await runProcess(['src/cli/main.ts', 'release', '1', '2']);
    expect(release.output).toContain('released ID 1 (Tiber & Lune – ID) → track 2 (Tiber & Lune – Parallax)');
    expect(release.output).toContain('1 listener notified');
    expect(release.code).toBe(0);

    expect((await api('GET', '/api/notifications/unread-count', { token })).json).toEqual({ unread: 1 });
    const list = await api('GET', '/api/notifications', { token });
    expect(list.json.data).toMatchObject([{ release: { track_meta: { id: 2, title: 'Parallax' } } }]);
    expect((await api('GET', '/api/tracks/1', { token })).json).toMatchObject({ release: { id: 2 } });
  }, 60_000);

  it('passes on refusals with their exit code', async () => {
    const refused = await runProcess(['src/cli/main.ts', 'release', '99', '2']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('No track has the id 99.');
  }, 60_000);

  it('refuses a second server on the same embedded database', async () => {
    const second = await runProcess(['src/main.ts']);
    expect(second.code).toBe(1);
    expect(second.output).toContain('The embedded database is in use by another Cratedig process');
  }, 60_000);
});

describe('the control socket on a fresh machine', () => {
  it('is claimed in a data folder that does not exist yet, which it creates', async () => {
    const fresh = join(makeTempDir('cratedig-fresh-'), 'data', 'not-made-yet');
    const socket = await claimControlSocket(join(fresh, 'cratedig.sock'), 'starting');
    try {
      expect(statSync(join(fresh, 'cratedig.sock')).isSocket()).toBe(true);
    } finally {
      await socket.close();
    }
  });
});
