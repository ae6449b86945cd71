import { describe, expect, it } from 'vitest';
import { errorShape, idParams, listQuery, listResponse, mediaUrl, pagination } from './common';
import { GENRES } from './constants';
import { festival } from './place';

describe('listQuery', () => {
  const sets = listQuery('sets');

  it('fills in the defaults of the list when nothing is given', () => {
    expect(sets.parse({})).toEqual({
      limit: 20,
      offset: 0,
      order_by: 'set_meta.release_date',
      order_direction: 'desc',
    });
    expect(listQuery('artists').parse({})).toMatchObject({
      order_by: 'artist_meta.set_count',
      order_direction: 'desc',
    });
    expect(listQuery('venues').parse({})).toMatchObject({
      order_by: 'venue_meta.name',
      order_direction: 'asc',
    });
  });

  it('coerces the strings of a query string', () => {
    expect(
      sets.parse({
        limit: '100',
        offset: '40',
        order_by: 'set_meta.artist',
        order_direction: 'asc',
        search: '  carl cox ',
        genre: 'Techno (Raw / Deep / Hypnotic)',
        followed_filter: 'true',
        after: 'Awakenings 2024',
      }),
    ).toEqual({
      limit: 100,
      offset: 40,
      order_by: 'set_meta.artist',
      order_direction: 'asc',
      search: 'carl cox',
      genre: 'Techno (Raw / Deep / Hypnotic)',
      followed_filter: true,
      after: 'Awakenings 2024',
    });
  });

  it('reads empty genre, search and followed_filter as "no filter" (docs/catalogue.md: followed_filter true or empty)', () => {
    const q = sets.parse({ genre: '', search: '   ', followed_filter: '' });
    expect(q.genre).toBeUndefined();
    expect(q.search).toBeUndefined();
    expect(q.followed_filter).toBe(false);
  });

  it.each([
    ['an unknown order_by', { order_by: 'set_meta.password' }],
    ["another list's order_by", { order_by: 'artist_meta.name' }],
    ['an unprefixed order_by', { order_by: 'release_date' }],
    ['a bad direction', { order_direction: 'up' }],
    ['a negative offset', { offset: '-1' }],
    ['a fractional offset', { offset: '1.5' }],
    ['limit 0', { limit: '0' }],
    ['limit 101', { limit: '101' }],
    ['a non-numeric limit', { limit: 'ten' }],
    ['an unknown genre', { genre: 'Dubstep' }],
    ['a genre in the wrong case', { genre: 'techno' }],
    ['followed_filter other than true or empty', { followed_filter: 'yes' }],
    ['a search over 200 characters', { search: 'x'.repeat(201) }],
    ['an after over 200 characters', { after: 'x'.repeat(201) }],
  ])('rejects %s', (_name, query) => {
    const result = sets.safeParse(query);
    expect(result.success).toBe(false);
    // the failing field is named, so the API can put it under errors.query
    expect(result.error?.issues[0]?.path[0]).toBe(Object.keys(query)[0]);
  });

  it('accepts every genre and every whitelisted field of the list', () => {
    for (const genre of GENRES) expect(sets.safeParse({ genre }).success).toBe(true);
    for (const order_by of ['label_meta.name', 'label_meta.artist_count', 'label_meta.latest_track_date']) {
      expect(listQuery('labels').safeParse({ order_by }).success).toBe(true);
    }
  });
});

describe('idParams', () => {
  it('coerces a positive integer from the path', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it.each(['0', '-3', 'abc', '1.5', '', '99999999999'])('rejects %j', (id) => {
    expect(idParams.safeParse({ id }).success).toBe(false);
  });
});

describe('error shape', () => {
  it('parses the example of docs/api-conventions.md', () => {
    const body = {
      code: 422,
      status: 'Unprocessable Entity',
      message: 'Validation failed',
      errors: { json: { username: ['This username is already taken'] } },
    };
    expect(errorShape.parse(body)).toEqual(body);
  });

  it('parses a query error and a bare 404', () => {
    expect(
      errorShape.safeParse({
        code: 400,
        status: 'Bad Request',
        message: 'Invalid query',
        errors: { query: { limit: ['Too big: expected number to be <=100'] } },
      }).success,
    ).toBe(true);
    expect(errorShape.safeParse({ code: 404, status: 'Not Found', message: 'Set not found' }).success).toBe(
      true,
    );
  });

  it('rejects a success code, a missing message and messages that are not lists', () => {
    expect(errorShape.safeParse({ code: 200, status: 'OK', message: 'fine' }).success).toBe(false);
    expect(errorShape.safeParse({ code: 500, status: 'Internal Server Error' }).success).toBe(false);
    expect(
      errorShape.safeParse({ code: 422, status: 'x', message: 'y', errors: { json: { email: 'taken' } } })
        .success,
    ).toBe(false);
  });
});

describe('lists', () => {
  it('wraps items with the pagination object', () => {
    const festivals = listResponse(festival);
    const page = {
      data: [{ id: 1, name: 'Awakenings', art_url_sm: '/media/art/f1-sm.jpg', art_url_xl: null }],
      pagination: { offset: 0, count: 1, total: 12 },
    };
    expect(festivals.parse(page)).toEqual(page);
    expect(festivals.safeParse({ data: page.data }).success).toBe(false);
    expect(pagination.safeParse({ offset: -1, count: 0, total: 0 }).success).toBe(false);
  });
});

describe('mediaUrl', () => {
  it.each(['/media/art/set-1-xl.webp', 'https://cdn.example.com/a.jpg', '/media/audio/1.mp3?exp=1&sig=ab'])(
    'accepts %s',
    (url) => expect(mediaUrl.safeParse(url).success).toBe(true),
  );

  it.each(['javascript:alert(1)', 'art/set-1.jpg', '/etc/passwd', ''])('rejects %j', (url) => {
    expect(mediaUrl.safeParse(url).success).toBe(false);
  });
});
