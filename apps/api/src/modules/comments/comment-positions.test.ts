// Where comments were written in a set: the set's comments in set order as well as newest first
// (validated order), and the seek bar's markers (positions and first lines of the timed comments).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createSet } from '../../test/factories';

let app: FastifyInstance;
let author: SignedInUser;
let reader: SignedInUser;
let setId: number;
let quietSetId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  author = await createUserWithToken(app, { username: 'Nina' });
  reader = await createUserWithToken(app, { username: 'Omar' });
  setId = (await createSet(app, { durationMs: 2 * 3_600_000 })).id;
  quietSetId = (await createSet(app)).id;
  // Written in this order; their positions in the set differ from it.
  for (const [name, text, at] of [
    ['drop', 'That drop at the hour!\nsecond line', 3733],
    ['intro', '\n  Lovely intro  \r\nmore', 62],
    ['untimed', 'Great set overall', null],
    ['long', `${'x'.repeat(130)}\nnext`, 62],
  ] as const) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: (name === 'intro' ? reader : author).headers,
      payload: { text, set_meta_id: setId, set_timestamp: at },
    });
    expect(response.statusCode, response.body).toBe(200);
    ids[name] = response.json().id;
  }
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ url, headers: reader.headers });
const order = async (query: string) => {
  const response = await get(`/api/sets/${setId}/posts?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return body.data.map((p: { id: number; set_timestamp: number }) => [p.id, p.set_timestamp]);
};

describe('GET /sets/{id}/posts order', () => {
  it('lists newest first by default and in set order on request, each with its set_timestamp', async () => {
    const { drop, intro, untimed, long } = ids as Record<string, number>;
    expect(await order('')).toEqual([
      [long, 62],
      [untimed, 0],
      [intro, 62],
      [drop, 3733],
    ]);
    expect(await order('order_by=post.created_dt')).toEqual(await order(''));
    expect(await order('order_by=post.set_timestamp')).toEqual([
      [untimed, 0],
      [intro, 62],
      [long, 62],
      [drop, 3733],
    ]);
    expect(await order('order_by=post.set_timestamp&order_direction=desc')).toEqual([
      [drop, 3733],
      [long, 62],
      [intro, 62],
      [untimed, 0],
    ]);
    expect(await order('order_by=post.set_timestamp&limit=2&offset=1')).toEqual([
      [intro, 62],
      [long, 62],
    ]);
  });

  it('refuses an unknown order with 422 under errors.query', async () => {
    for (const query of ['order_by=set_timestamp', 'order_by=post.text', 'order_direction=up']) {
      const response = await get(`/api/sets/${setId}/posts?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toHaveProperty('errors.query');
    }
  });
});

describe('GET /sets/{id}/posts/markers', () => {
  it("answers the timed comments' positions and first lines in set order", async () => {
    const response = await get(`/api/sets/${setId}/posts/markers`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: ids.intro,
          set_timestamp: 62,
          first_line: 'Lovely intro',
          author: { id: reader.user.id, username: 'Omar' },
        },
        {
          id: ids.long,
          set_timestamp: 62,
          first_line: `${'x'.repeat(119)}…`,
          author: { id: author.user.id, username: 'Nina' },
        },
        {
          id: ids.drop,
          set_timestamp: 3733,
          first_line: 'That drop at the hour!',
          author: { id: author.user.id, username: 'Nina' },
        },
      ],
      total: 3,
    });
  });

  it('answers no markers for a set without comments, 404 for an unknown set, 401 without a token', async () => {
    expect((await get(`/api/sets/${quietSetId}/posts/markers`)).json()).toEqual({ data: [], total: 0 });
    expect((await get('/api/sets/999999/posts/markers')).statusCode).toBe(404);
    expect((await get('/api/sets/x/posts/markers')).statusCode).toBeLessThan(500);
    expect((await app.inject({ url: `/api/sets/${setId}/posts/markers` })).statusCode).toBe(401);
  });
});
