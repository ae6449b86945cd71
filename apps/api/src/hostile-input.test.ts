// Inputs that once answered 500 or slipped through: each answers a clear 4xx in the error shape (or
// is accepted, where it is valid), and a refused request writes nothing.

import { encodeCursor } from '@cratedig/contract/catalogue-api';
import { errorShape } from '@cratedig/contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/app';
import { createUserWithToken, randomAddress, type SignedInUser } from './test/auth';
import { basic } from './test/auth-overrides';
import { resetDatabase } from './test/database';
import { createSet } from './test/factories';
import { likeMoment } from './test/player';
import { query } from './test/sql';

let app: FastifyInstance;
let me: SignedInUser;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
  me = await createUserWithToken(app);
});

function expectError(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorShape.parse(response.json());
  expect(body.code).toBe(status);
  return body;
}

const get = (url: string) => app.inject({ url, headers: me.headers, remoteAddress: randomAddress() });

describe('playback positions with fractions of a second', () => {
  it('stores a moment like, a resume position and a comment position as sent', async () => {
    const set = await createSet(app, { tracks: [[0, 600]] });
    for (const t of [45.37, 0.001, 1.5]) {
      const liked = await likeMoment(app, me, set.id, t);
      expect(liked.statusCode, liked.body).toBe(200);
    }
    const stored = await query<{ set_timestamp: number }>(
      app,
      sql`select set_timestamp from set_likes where set_id = ${set.id} order by set_timestamp`,
    );
    expect(stored.map((row) => row.set_timestamp)).toEqual([0.001, 1.5, 45.37]);

    const played = await app.inject({
      method: 'PUT',
      url: '/api/plays',
      headers: me.headers,
      payload: { set_meta_id: set.id, current_timestamp: 125.8 },
    });
    expect(played.statusCode).toBe(204);
    expect((await get(`/api/sets/${set.id}`)).json().user_fav.current_timestamp).toBe(125.8);

    const posted = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: me.headers,
      payload: { text: 'that drop', set_meta_id: set.id, set_timestamp: 61.25 },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().set_timestamp).toBe(61.25);
  });
});

describe('NUL and other control characters', () => {
  it('finds nothing odd in a search with NUL: control characters are removed from searches', async () => {
    for (const list of ['sets', 'tracks', 'artists', 'labels']) {
      const response = await get(`/api/${list}?search=${encodeURIComponent('a\u0000b\u001b')}`);
      expect(response.statusCode, `${list}: ${response.body}`).toBe(200);
    }
  });

  it('refuses NUL in stored strings with 422 naming the field, and writes nothing', async () => {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: randomAddress(),
      payload: { username: 'dj\u0000x', email: 'nul@example.test', password: 'secret', about_me: 'a\u0000' },
    });
    const body = expectError(registered, 422);
    expect(Object.keys(body.errors?.json ?? {})).toEqual(expect.arrayContaining(['username', 'about_me']));
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/me/profile-update',
      headers: me.headers,
      payload: { about_me: 'hi\u0000', soundcloud_url: null, user_type: [] },
    });
    expect(expectError(profile, 422).errors?.json?.about_me).toBeDefined();
    // Line breaks and tabs stay allowed in multi-line texts.
    const multiLine = await app.inject({
      method: 'PUT',
      url: '/api/me/profile-update',
      headers: me.headers,
      payload: { about_me: 'line one\n\tline two', soundcloud_url: null, user_type: [] },
    });
    expect(multiLine.statusCode).toBe(200);
    const users = await query<{ n: number }>(app, sql`select count(*)::int as n from users`);
    expect(users[0]?.n).toBe(1);
  });

  it('answers a lookup or a Basic sign-in with NUL in the username as unknown, not 500', async () => {
    expectError(await get(`/api/users/un/${encodeURIComponent('a\u0000b')}`), 404);
    const login = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: basic('a\u0000b', 'secret'),
      remoteAddress: randomAddress(),
    });
    expectError(login, 401);
  });
});

describe('cursors', () => {
  it('refuses impossible dates and out-of-range ids in after with 422', async () => {
    const byDate = '/api/sets?order_by=set_meta.release_date&order_direction=desc&after=';
    for (const after of [
      '2024-02-30',
      '0000-01-01',
      encodeCursor('2024-02-30', 1),
      encodeCursor('0000-01-01', 3),
      encodeCursor('2024-05-01', 2 ** 31),
      encodeCursor('2024-05-01', 1e30),
    ]) {
      expectError(await get(`${byDate}${encodeURIComponent(after)}`), 422);
    }
    // A real date is a cursor like any other.
    expect((await get(`${byDate}2024-02-29`)).statusCode).toBe(200);
  });

  it('refuses after=1, -1 and 1.5 on the IDs lists, which sort by an instant', async () => {
    for (const after of ['1', '-1', '1.5']) {
      expectError(await get(`/api/artists/1/ids?after=${after}`), 422);
      expectError(await get(`/api/users/${me.user.id}/ids?after=${after}`), 422);
    }
  });
});

describe('addresses and identifiers', () => {
  it('answers malformed percent-encoding and over-long parameters in the error shape', async () => {
    expectError(await get('/api/sets/%E0%A4%A'), 400);
    const long = await app.inject({
      method: 'DELETE',
      url: `/api/posts/${'1'.repeat(4000)}`,
      headers: me.headers,
    });
    expectError(long, 414);
  });

  it('takes a path id only as a positive decimal integer', async () => {
    const set = await createSet(app);
    expect((await get(`/api/sets/${set.id}`)).statusCode).toBe(200);
    for (const loose of ['0x1F', '+1', '01', '%201', '1e0', '0', '2147483648']) {
      expectError(await get(`/api/sets/${loose}`), 404);
    }
  });

  it('takes limit and offset only as decimal whole numbers', async () => {
    expectError(await get('/api/sets?limit=0x1F'), 422);
    expectError(await get('/api/sets?offset=1.5'), 422);
    expect((await get('/api/sets?limit=5&offset=0')).statusCode).toBe(200);
  });
});

describe('one username rule for registration, lookup and sign-in', () => {
  const register = (username: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: randomAddress(),
      payload: {
        username,
        email: `${Math.random().toString(36).slice(2)}@example.test`,
        password: 'secret-passphrase',
      },
    });

  it('refuses a username with a space, with a message on the username field', async () => {
    const body = expectError(await register('a b'), 422);
    expect(body.errors?.json?.username?.[0]).toMatch(/letters, digits/);
    expectError(await get('/api/users/un/a%20b'), 404);
  });

  it('finds a 150-character username that registered, and signs it in', async () => {
    const long = `dj.${'x'.repeat(147)}`;
    expect((await register(long)).statusCode).toBe(200);
    const lookup = await get(`/api/users/un/${long}`);
    expect(lookup.statusCode, lookup.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: basic(long, 'secret-passphrase'),
      remoteAddress: randomAddress(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes an email address as a username (the first social sign-in makes one)', async () => {
    expect((await register("o'neil+dj@example.test")).statusCode).toBe(200);
  });
});
