// After its index loads, an instance keeps each kind's most popular items ahead of the first searches
// (docs/search.md "The index in memory"): up to half the kept items' room, the kinds taking turns,
// pacing itself before each batch; and a search that finds them answers each listener's own fields.
import type { SearchResponse } from '@cratedig/contract/search';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { fillItemDocs } from '../../db/read-models/catalogue-item-docs';
import { seedDemo } from '../../db/seed/demo';
import { serviceContext } from '../../plugins/service-context';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { authOverrides } from '../../test/auth-overrides';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { pageCacheFor } from '../catalogue/page-cache';
import { indexKeeperFor, type SearchIndex } from './index-keeper';
import { keepPopularItems } from './service';

let database: Database;
let app: FastifyInstance;
let index: SearchIndex;
// room for a few dozen of the demo's items
const CACHE_MB = 0.06;

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase();
  await seedDemo(database, { mediaDir: makeTempDir(), media: false });
  await fillItemDocs(database.db);
  app = await buildTestApp({
    ...authOverrides({ limits: { search: { max: 100_000, windowS: 60 } } }),
    searchIndex: true,
    catalogueCacheMb: CACHE_MB,
  });
  const loaded = await indexKeeperFor(app.db, (err) => {
    throw err;
  }).load();
  if (!loaded) throw new Error('the index did not load');
  index = loaded;
});
afterAll(async () => {
  await app?.close();
});

const kept = (kind: string, id: number) =>
  pageCacheFor(app.db, CACHE_MB)?.get(`item\u0000${kind}\u0000${id}`) !== undefined;

describe('keeping the most popular items after the index loads', () => {
  it('keeps each kind from its most popular item on, up to half the room, pacing each batch', async () => {
    let paced = 0;
    // batches of 5: the demo's kinds take turns several times before half the room is used
    const result = await keepPopularItems(
      serviceContext(app),
      index,
      async () => {
        paced++;
      },
      5,
    );
    const cache = pageCacheFor(app.db, CACHE_MB);
    expect(cache?.keptBytes).toBeGreaterThanOrEqual((cache?.maxBytes ?? 0) / 2);
    expect(paced).toBeGreaterThan(4);
    for (const kind of ['tracks', 'sets', 'artists', 'labels'] as const) {
      expect(result.items[kind]).toBeGreaterThan(0);
      const first = index.kinds.get(kind)?.ids[0] ?? 0;
      expect(kept(kind, first)).toBe(true);
    }
    // the least popular track of the demo is not among them
    const tracks = index.kinds.get('tracks');
    expect(kept('tracks', tracks?.ids[(tracks?.size ?? 1) - 1] ?? 0)).toBe(false);
  });

  it("answers a listener's own fields on the items kept for nobody", async () => {
    const { user, headers } = await createUserWithToken(app);
    const track = index.kinds.get('tracks')?.ids[0] ?? 0;
    expect(kept('tracks', track)).toBe(true);
    await database.executeSql(
      `insert into user_track_favs (user_id, track_id, is_fav, user_likes) values ($1, $2, true, 1)`,
      [user.id, track],
    );
    const { rows } = await database.executeSql(`select title from tracks where id = $1`, [track]);
    const title = (rows as { title: string }[])[0]?.title ?? '';
    const answer = await app.inject({
      url: `/api/search?s=${encodeURIComponent(title)}&kinds=tracks`,
      headers,
    });
    expect(answer.statusCode).toBe(200);
    const found = (answer.json() as SearchResponse).tracks?.data.find((t) => t.id === track);
    expect(found?.user_fav).toMatchObject({ is_fav: true, user_likes: 1 });
  });
});
