// Comments: the posts tabs newest first, the author's create /
// edit / delete, another user's attempts (403, nothing changed), text rules, and text kept as text.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { resetDatabase } from '../../test/database';
import { createSet, createTrack } from '../../test/factories';

let app: FastifyInstance;
let author: SignedInUser;
let reader: SignedInUser;
let setId: number;
let otherSetId: number;
let trackId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  author = await createUserWithToken(app, { username: 'Nina' });
  reader = await createUserWithToken(app, { username: 'Omar' });
  setId = (await createSet(app)).id;
  otherSetId = (await createSet(app)).id;
  trackId = await createTrack(app);
});
afterAll(async () => {
  await app.close();
});

const post = (user: SignedInUser, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/posts', headers: user.headers, payload: payload as object });
const list = async (path: string, user: SignedInUser = reader) => {
  const response = await app.inject({ url: path, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
async function create(user: SignedInUser, payload: Record<string, unknown>) {
  const response = await post(user, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /posts and the posts lists', () => {
  it("creates a comment on a set with its author and lists the set's comments newest first", async () => {
    const first = await create(author, {
      text: 'What a closer!',
      set_meta_id: otherSetId,
      set_timestamp: 754,
    });
    expect(first).toEqual({
      id: expect.any(Number),
      text: 'What a closer!',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      edited_dt: null,
      set_timestamp: 754,
      set_meta_id: otherSetId,
      track_meta_id: null,
      author: { id: author.user.id, username: 'Nina', avatar_url: null },
    });
    const second = await create(reader, { text: 'Agreed', set_meta_id: otherSetId, track_meta_id: null });
    const page = await list(`/api/sets/${otherSetId}/posts`);
    expect(page.data.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(page.pagination).toEqual({ offset: 0, count: 2, total: 2 });
    // the author's email and provider never travel with a comment
    expect(JSON.stringify(page)).not.toContain('@example.test');

    const paged = await list(`/api/sets/${otherSetId}/posts?limit=1&offset=1`);
    expect(paged.data.map((p: { id: number }) => p.id)).toEqual([first.id]);
    expect(paged.pagination).toEqual({ offset: 1, count: 1, total: 2 });
  });

  it('creates a comment on a track, listed under the track and not under any set', async () => {
    const created = await create(author, { text: 'ID anyone?', track_meta_id: trackId, set_timestamp: null });
    expect(created).toMatchObject({ track_meta_id: trackId, set_meta_id: null, set_timestamp: 0 });
    const page = await list(`/api/tracks/${trackId}/posts`);
    expect(page.data.map((p: { id: number }) => p.id)).toContain(created.id);
  });

  it('keeps a <script> text byte for byte and sends it back as JSON text', async () => {
    const text = '<script>alert("x")</script> & <b>bold</b> \u00e9\u{1F3B6}';
    const created = await create(author, { text, set_meta_id: setId });
    expect(created.text).toBe(text);
    const response = await app.inject({ url: `/api/sets/${setId}/posts`, headers: reader.headers });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const found = response.json().data.find((p: { id: number }) => p.id === created.id);
    expect(found.text).toBe(text);
  });

  it('answers an empty page for a set without comments, and 404 for unknown sets and tracks', async () => {
    const quiet = (await createSet(app)).id;
    expect(await list(`/api/sets/${quiet}/posts`)).toEqual({
      data: [],
      pagination: { offset: 0, count: 0, total: 0 },
    });
    for (const url of ['/api/sets/2000000000/posts', '/api/tracks/2000000000/posts']) {
      const response = await app.inject({ url, headers: reader.headers });
      expect(response.statusCode).toBe(404);
    }
    for (const payload of [
      { text: 'hello', set_meta_id: 2_000_000_000 },
      { text: 'hello', track_meta_id: 2_000_000_000 },
    ]) {
      const response = await post(author, payload);
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('needs a token', async () => {
    expect((await app.inject({ url: `/api/sets/${setId}/posts` })).statusCode).toBe(401);
    const response = await app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: { text: 'x', set_meta_id: setId },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('text rules and bad input', () => {
  it('rejects empty, whitespace-only and over-2000-character text with 422 errors.json.text', async () => {
    for (const text of ['', '   ', '\n\t \u00a0', 'x'.repeat(2001)]) {
      const response = await post(author, { text, set_meta_id: setId });
      expect(response.statusCode, JSON.stringify(text).slice(0, 20)).toBe(422);
      expect(response.json().errors.json.text).toEqual([expect.any(String)]);
    }
    const longest = await create(author, { text: 'y'.repeat(2000), set_meta_id: setId });
    expect(longest.text).toHaveLength(2000);
  });

  it('answers 4xx and never 500 to whatever a client sends', async () => {
    const bodies: unknown[] = [
      { text: 'no target' },
      { text: 'both null', set_meta_id: null, track_meta_id: null },
      { text: 42, set_meta_id: setId },
      { text: ['a'], set_meta_id: setId },
      { text: 'x', set_meta_id: 'abc' },
      { text: 'x', set_meta_id: -3 },
      { text: 'x', set_meta_id: 1.5 },
      { text: 'x', set_meta_id: 99_999_999_999 },
      { text: 'x', set_meta_id: setId, set_timestamp: -1 },
      { text: 'x', set_meta_id: setId, set_timestamp: 1e300 },
      { text: 'x', set_meta_id: setId, set_timestamp: '12' },
      { text: 'nul \u0000 inside', set_meta_id: setId },
      [],
      'just a string',
      null,
    ];
    for (const payload of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: { ...author.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.json().code).toBe(response.statusCode);
    }
    const huge = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...author.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'z'.repeat(3 * 1024 * 1024), set_meta_id: setId }),
    });
    expect(huge.statusCode).toBe(413);
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { ...author.headers, 'content-type': 'application/json' },
      payload: '{"text": "x", ',
    });
    expect(notJson.statusCode).toBe(400);
    for (const bad of ['abc', '0', '99999999999999']) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/posts/${bad}`,
        headers: author.headers,
        payload: { text: 'x', set_meta_id: setId },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('PUT and DELETE /posts/{id}', () => {
  it('lets the author edit the text and the timestamp', async () => {
    const created = await create(author, { text: 'frist', set_meta_id: setId, set_timestamp: 10 });
    const response = await app.inject({
      method: 'PUT',
      url: `/api/posts/${created.id}`,
      headers: author.headers,
      payload: { text: 'first!', set_timestamp: 12.7, set_meta_id: setId, track_meta_id: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      text: 'first!',
      set_timestamp: 12.7,
      set_meta_id: setId,
    });
    const found = (await list(`/api/sets/${setId}/posts?limit=100`)).data.find(
      (p: { id: number }) => p.id === created.id,
    );
    expect(found.text).toBe('first!');
  });

  it('marks a comment edited only once its text changed', async () => {
    const created = await create(author, { text: 'as written', set_meta_id: setId, set_timestamp: 5 });
    expect(created.edited_dt).toBeNull();
    const edit = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/posts/${created.id}`, headers: author.headers, payload });
    const moved = await edit({ text: 'as written', set_timestamp: 9, set_meta_id: setId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().edited_dt).toBeNull();
    const changed = await edit({ text: 'as rewritten', set_timestamp: 9, set_meta_id: setId });
    expect(changed.json().edited_dt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/));
    const found = (await list(`/api/sets/${setId}/posts?limit=100`)).data.find(
      (p: { id: number }) => p.id === created.id,
    );
    expect(found.edited_dt).toBe(changed.json().edited_dt);
  });

  it("refuses another user's edit and delete with 403 and leaves the comment as it was", async () => {
    const created = await create(author, { text: 'mine', set_meta_id: setId });
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/posts/${created.id}`,
      headers: reader.headers,
      payload: { text: 'hijacked', set_meta_id: setId },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 403, status: 'Forbidden' });
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${created.id}`,
      headers: reader.headers,
    });
    expect(remove.statusCode).toBe(403);
    const found = (await list(`/api/sets/${setId}/posts?limit=100`)).data.find(
      (p: { id: number }) => p.id === created.id,
    );
    expect(found).toMatchObject({ text: 'mine', author: { id: author.user.id } });
  });

  it('rejects a bad edit with 422 and keeps the text', async () => {
    const created = await create(author, { text: 'keep me', set_meta_id: setId });
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/posts/${created.id}`,
      headers: author.headers,
      payload: { text: '  ', set_meta_id: setId },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.json.text).toBeDefined();
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/posts/${created.id}`,
      headers: author.headers,
      payload: { text: 'moved', set_meta_id: 2_000_000_000 },
    });
    expect(moved.statusCode).toBe(404);
    const found = (await list(`/api/sets/${setId}/posts?limit=100`)).data.find(
      (p: { id: number }) => p.id === created.id,
    );
    expect(found.text).toBe('keep me');
  });

  it('lets the author delete (204, gone from the list), then answers 404', async () => {
    const created = await create(author, { text: 'oops', track_meta_id: trackId });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${created.id}`,
      headers: author.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const ids = (await list(`/api/tracks/${trackId}/posts?limit=100`)).data.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(created.id);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${created.id}`,
      headers: author.headers,
    });
    expect(again.statusCode).toBe(404);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/posts/${created.id}`,
      headers: author.headers,
      payload: { text: 'back?', track_meta_id: trackId },
    });
    expect(edit.statusCode).toBe(404);
  });
});
