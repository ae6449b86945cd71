// A festival's and a venue's page: the place with how many sets were recorded there and when, how many
// listeners follow it, and the reader's own follow; Follow toggles for the token's user only; unknown
// places are 404 in the error shape and write nothing.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { type CrowdUser, crowd } from '../../test/crowd';
import { resetDatabase } from '../../test/database';
import { createFestival, createSet, createVenue, refreshCatalogue } from '../../test/factories';
import { query } from '../../test/sql';

let app: FastifyInstance;
let festival: number;
let venue: number;
let emptyVenue: number;
let ada: CrowdUser;
let ben: CrowdUser;

beforeAll(async () => {
  app = await buildTestApp();
  await resetDatabase(app.database);
  festival = await createFestival(app, 'Dekmantel Festival');
  venue = await createVenue(app, 'Tresor');
  emptyVenue = await createVenue(app, 'Nowhere Yet');
  await createSet(app, { festivalId: festival, venueId: venue, releaseDate: '2023-08-05' });
  await createSet(app, { festivalId: festival, releaseDate: '2024-08-03' });
  await createSet(app, { venueId: venue, releaseDate: '2022-01-15' });
  await refreshCatalogue(app);
  [ada, ben] = (await crowd(app, 2)) as [CrowdUser, CrowdUser];
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, user: CrowdUser) => app.inject({ url, headers: user.headers });
const put = (url: string, user: CrowdUser) => app.inject({ method: 'PUT', url, headers: user.headers });

describe('a festival’s and a venue’s page', () => {
  it('says how many sets were recorded there, from when to when, and who follows it', async () => {
    const response = await get(`/api/festivals/${festival}`, ada);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: festival,
      name: 'Dekmantel Festival',
      art_url_sm: null,
      art_url_xl: null,
      city: null,
      country: null,
      set_count: 2,
      first_set_date: '2023-08-05',
      latest_set_date: '2024-08-03',
      followers: 0,
      user_place_stats: { is_followed: false },
    });
    const tresor = (await get(`/api/venues/${venue}`, ada)).json();
    expect(tresor).toMatchObject({ name: 'Tresor', set_count: 2, first_set_date: '2022-01-15' });
  });

  it('answers a place with no sets yet, with no dates', async () => {
    const response = await get(`/api/venues/${emptyVenue}`, ada);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ set_count: 0, first_set_date: null, latest_set_date: null });
  });

  it('lists the sets recorded there through the sets list', async () => {
    const response = await get(`/api/sets?festival_id=${festival}&order_by=set_meta.release_date`, ada);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().pagination.total).toBe(2);
  });

  it('is 404 in the error shape for a place that does not exist, and for a venue asked as a festival', async () => {
    for (const url of [
      '/api/festivals/999999',
      '/api/venues/999999',
      `/api/festivals/${emptyVenue + 1000}`,
    ]) {
      const response = await get(url, ada);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        message: expect.stringMatching(/^(Festival|Venue) not found\.$/),
      });
    }
  });

  it('refuses an id that is not a whole positive number with 4xx', async () => {
    for (const url of ['/api/festivals/abc', '/api/venues/-1', '/api/festivals/1.5']) {
      const response = await get(url, ada);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('following a festival or a venue', () => {
  it('toggles for the token’s user only, and the page counts its followers', async () => {
    const on = await put(`/api/stats/festival/${festival}/follow`, ada);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ is_followed: true });
    expect((await get(`/api/festivals/${festival}`, ada)).json()).toMatchObject({
      followers: 1,
      user_place_stats: { is_followed: true },
    });
    // another listener sees the count, not ada's follow as theirs
    expect((await get(`/api/festivals/${festival}`, ben)).json()).toMatchObject({
      followers: 1,
      user_place_stats: { is_followed: false },
    });
    await put(`/api/stats/festival/${festival}/follow`, ben);
    expect((await get(`/api/festivals/${festival}`, ben)).json().followers).toBe(2);

    const off = await put(`/api/stats/festival/${festival}/follow`, ada);
    expect(off.json()).toEqual({ is_followed: false });
    expect((await get(`/api/festivals/${festival}`, ada)).json()).toMatchObject({
      followers: 1,
      user_place_stats: { is_followed: false },
    });
  });

  it('keeps a venue’s follows apart from a festival’s with the same id', async () => {
    const on = await put(`/api/stats/venue/${venue}/follow`, ada);
    expect(on.json()).toEqual({ is_followed: true });
    expect((await get(`/api/venues/${venue}`, ada)).json().user_place_stats).toEqual({ is_followed: true });
    await put(`/api/stats/venue/${venue}/follow`, ada);
  });

  it('is 404 for an unknown place and writes nothing; 401 without a session', async () => {
    const missing = await put('/api/stats/venue/999999/follow', ada);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Venue not found.' });
    expect(await query(app, sql`select 1 from user_venue_stats where venue_id = 999999`)).toEqual([]);
    const anonymous = await app.inject({ method: 'PUT', url: `/api/stats/festival/${festival}/follow` });
    expect(anonymous.statusCode).toBe(401);
  });
});
