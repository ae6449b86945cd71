// Export the demo catalogue, import it into an empty database, and every list and detail endpoint
// answers the same. The counts the import maintained for what it added equal a full recount.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../cli/commands/export';
import { importCommand } from '../../cli/commands/import';
import type { Database } from '../../db/client';
import { seedDemo } from '../../db/seed/demo';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { runCommand } from '../../test/commands';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { catalogueFingerprint } from '../../test/import-fixtures';

let app: FastifyInstance;
let database: Database;
let dir: string;

beforeAll(async () => {
  database = await getTestDatabase();
  app = await buildTestApp();
  dir = makeTempDir('cratedig-round-trip-');
});
afterAll(async () => {
  await app.close();
});

/** Every list page and detail a listener can reach, signed links reduced to their path. */
async function snapshot(user: SignedInUser): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: user.headers });
    expect(response.statusCode, url).toBe(200);
    const body = response.body.replace(/(\/media\/audio\/sets\/[^"?]+)\?[^"]*/g, '$1');
    out.set(url, JSON.parse(body));
    return JSON.parse(body);
  };
  const all = async (list: string) => {
    const ids: number[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await get(`${list}${list.includes('?') ? '&' : '?'}limit=100&offset=${offset}`);
      ids.push(...page.data.map((item: { id: number }) => item.id));
      if (offset + 100 >= page.pagination.total) return ids;
    }
  };
  for (const id of await all('/api/sets')) {
    await get(`/api/sets/${id}`);
  }
  for (const id of await all('/api/tracks')) {
    await get(`/api/tracks/${id}`);
    await get(`/api/tracks/${id}/sets`);
  }
  for (const id of await all('/api/artists')) {
    await get(`/api/artists/${id}`);
    for (const tab of ['sets', 'tracks', 'remixes', 'ids', 'labels']) await get(`/api/artists/${id}/${tab}`);
  }
  for (const id of await all('/api/labels')) {
    await get(`/api/labels/${id}`);
    for (const tab of ['sets', 'tracks', 'artists']) await get(`/api/labels/${id}/${tab}`);
  }
  await all('/api/sets?genre=Techno&order_by=set_meta.set_name&order_direction=asc');
  await all('/api/artists?order_by=artist_meta.latest_track_date&order_direction=desc');
  for (const kind of ['sets', 'tracks', 'artists', 'labels', 'festivals', 'venues'])
    await get(`/api/featured/${kind}?limit=100`);
  return out;
}

describe('export then import', () => {
  it('gives back the same catalogue through every list and detail endpoint', {
    timeout: 600_000,
  }, async () => {
    await resetDatabase();
    await seedDemo(database, { mediaDir: app.config.mediaDir, media: false });
    // The file carries the catalogue, not the listeners' suggestions and votes (their data, kept by
    // a backup): the round trip is taken of the catalogue without them.
    await database.db.execute(sql`delete from notifications`);
    await database.db.execute(sql`delete from identifications`);
    await database.db.execute(sql`select refresh_catalogue_stats()`);
    const alice = await createUserWithToken(app);
    const before = await snapshot(alice);

    const exported = await runCommand(exportCommand, database, app.config, ['demo.json'], dir);
    expect(exported.err).toEqual([]);
    expect(exported.out.join('\n')).toMatch(/exported 43 sets/);
    const file = JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8'));
    expect(file.format).toBe('cratedig-catalogue');

    await resetDatabase();
    const imported = await runCommand(importCommand, database, app.config, ['demo.json'], dir);
    expect(imported.err).toEqual([]);
    expect(imported.out.join('\n')).toMatch(/created: 43 sets/);
    const bob = await createUserWithToken(app);
    const after = await snapshot(bob);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [url, body] of before) expect(after.get(url), url).toEqual(body);

    // The import's own count maintenance equals a full recount.
    const maintained = await catalogueFingerprint(database);
    await database.db.execute(sql`select refresh_catalogue_stats()`);
    await database.db.execute(sql`select refresh_search_documents()`);
    expect(await catalogueFingerprint(database)).toEqual(maintained);

    // Importing the same file again changes nothing.
    const again = await runCommand(importCommand, database, app.config, ['demo.json'], dir);
    expect(again.out.join('\n')).toMatch(
      /created: 0 sets \(0 set tracks\), 0 tracks, 0 artists, 0 labels, 0 festivals, 0 venues/,
    );
    expect(await catalogueFingerprint(database)).toEqual(maintained);
  });
});
