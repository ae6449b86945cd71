// The `cratedig` commands as an operator runs them: what they print, their exit codes and refusals.
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, makeTempDir } from '../test/app';
import { resetDatabase } from '../test/database';
import { ids } from '../test/sql';
import type { CommandOutput } from './command';
import { help, runCommandLine } from './run-command';

let app: FastifyInstance;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = makeTempDir('cratedig-outbox-');
  app = await buildTestApp();
  app.config.auth.outboxDir = outboxDir;
});
afterAll(async () => {
  await app.close();
});

let idTrack: number;
let otherId: number;
let track: number;
let otherTrack: number;
let watcher: number;

beforeEach(async () => {
  await resetDatabase(app.database);
  await app.db.execute(sql`
    insert into sets (set_name, artist, genre, release_date, duration_ms)
    values ('Warehouse Sunrise', 'Tiber & Lune', 'Techno', '2026-10-01', 3600000)`);
  const made = await ids(
    app,
    `insert into tracks (title, artist, mix_type, found_in_set_id, release_date) values
       ('ID', 'Tiber & Lune', 'ID', 1, null), ('ID', 'Kessa', 'ID', 1, null),
       ('Parallax', 'Tiber & Lune', 'original_mix', null, '2026-11-01'),
       ('Undertow', 'Kessa', 'original_mix', null, '2026-11-02')
     returning id`,
  );
  [idTrack, otherId, track, otherTrack] = made as [number, number, number, number];
  [watcher] = (await ids(
    app,
    `insert into users (username, email) values ('watcher', 'watcher@example.test') returning id`,
  )) as [number];
  await app.db.execute(
    sql`insert into user_track_favs (user_id, track_id, show_likes) values (${watcher}, ${idTrack}, true)`,
  );
});

async function cratedig(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const lines = { out: [] as string[], err: [] as string[] };
  const out: CommandOutput = {
    info: (text) => void lines.out.push(text),
    error: (text) => void lines.err.push(text),
    progress: () => {},
  };
  const code = await runCommandLine(argv, { database: app.database, config: app.config, out, cwd: '/' });
  return { code, out: lines.out.join('\n'), err: lines.err.join('\n') };
}

describe('cratedig', () => {
  it('lists its commands with --help and refuses an unknown one with exit 2', async () => {
    expect(help()).toMatch(/release .*\n.*digests /);
    expect(await cratedig('--help')).toMatchObject({ code: 0 });
    expect(await cratedig('nope')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown command: nope'),
    });
  });
});

describe('cratedig release', () => {
  it('prints the pair and how many listeners were notified', async () => {
    const result = await cratedig('release', String(idTrack), String(track));
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `released ID ${idTrack} (Tiber & Lune – ID) → track ${track} (Tiber & Lune – Parallax)`,
    );
    expect(result.out).toContain('1 listener notified');
    const again = await cratedig('release', String(idTrack), String(track));
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('already released');
    expect(again.out).toContain('0 listeners notified');
  });

  it.each([
    ['an unknown id', () => ['999999', String(track)], 'No track has the id 999999.'],
    ['a track that is not an ID', () => [String(track), String(otherTrack)], 'is not an ID'],
    ['a release that is itself an ID', () => [String(idTrack), String(otherId)], 'is itself an ID'],
  ])('refuses %s with exit 1, changing nothing', async (_name, args, message) => {
    const result = await cratedig('release', ...args());
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    const rows = (await app.db.execute(sql`select count(*)::int as n from notifications`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('refuses an ID already released as another track', async () => {
    expect((await cratedig('release', String(idTrack), String(track))).code).toBe(0);
    const result = await cratedig('release', String(idTrack), String(otherTrack));
    expect(result.code).toBe(1);
    expect(result.err).toContain(`is already released as track ${track}`);
  });

  it('answers bad usage with exit 2', async () => {
    expect((await cratedig('release', String(idTrack))).code).toBe(2);
    expect((await cratedig('release', 'abc', '2')).code).toBe(2);
    expect((await cratedig('release', '1', '2', '3')).code).toBe(2);
  });
});

describe('cratedig digests', () => {
  it('sends the due digests once; a second run for the same period sends nothing', async () => {
    await cratedig('release', String(idTrack), String(track));
    await app.db.execute(sql`update notifications set created_dt = '2026-11-24T12:00:00Z'`);
    const first = await cratedig('digests', '--now', '2026-11-25T08:00:00Z');
    expect(first).toMatchObject({ code: 0, out: expect.stringContaining('1 sent') });
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    const second = await cratedig('digests', '--now=2026-11-25T09:00:00Z');
    expect(second).toMatchObject({ code: 0, out: expect.stringContaining('0 sent') });
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect((await cratedig('digests', '--now', 'tomorrow')).code).toBe(2);
  });

  it('sends a watcher’s digest however long the job was silent (40 days later)', async () => {
    const mails = () => readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).length;
    const before = mails();
    await cratedig('release', String(idTrack), String(track));
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const result = await cratedig('digests', '--now', later);
    expect(result).toMatchObject({ code: 0, out: expect.stringContaining('1 due, 1 sent') });
    expect(mails()).toBe(before + 1);
  });
});
