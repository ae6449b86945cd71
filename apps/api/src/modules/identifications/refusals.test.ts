// Every refusal of the identification calls: a clear 4xx in the error shape, and nothing written.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { authOverrides } from '../../test/auth-overrides';
import { type CrowdUser, crowd } from '../../test/crowd';
import { calls, freshId, freshTrack, SETUP_TIMEOUT_MS, setUpIdCatalogue } from '../../test/identifications';
import { oneId } from '../../test/sql';

let app: FastifyInstance;
let api: ReturnType<typeof calls>;
let user: CrowdUser;
let other: CrowdUser;
let idTrack: number;
let released: number;

beforeAll(async () => {
  app = await buildTestApp(
    authOverrides({
      limits: { proposal: { max: 3, windowS: 3600 }, vote: { max: 2, windowS: 3600 } },
    }),
  );
  await setUpIdCatalogue(app);
  api = calls(app);
  [user, other] = (await crowd(app, 2)) as [CrowdUser, CrowdUser];
  idTrack = await freshId(app);
  released = await freshTrack(app);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
});

async function written(): Promise<number> {
  const result = (await app.db.execute(sql`
    select (select count(*) from identifications) + (select count(*) from identification_votes)
      + (select count(*) from notifications) as n`)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n);
}

const long = (n: number) => 'x'.repeat(n);

describe('a proposal refused', () => {
  const cases: [string, () => object, number, string][] = [
    [
      'both a track and a description',
      () => ({ track_meta_id: released, artist: 'A', title: 'B' }),
      422,
      'track_meta_id',
    ],
    ['neither', () => ({}), 422, 'track_meta_id'],
    ['an artist without a title', () => ({ artist: 'A' }), 422, 'title'],
    ['an empty title', () => ({ artist: 'A', title: '   ' }), 422, 'title'],
    ['an over-long artist', () => ({ artist: long(201), title: 'B' }), 422, 'artist'],
    ['an over-long label', () => ({ artist: 'A', title: 'B', label_name: long(201) }), 422, 'label_name'],
    ['control characters', () => ({ artist: 'A\u0007', title: 'B' }), 422, 'artist'],
    ['a line break in a title', () => ({ artist: 'A', title: 'B\nC' }), 422, 'title'],
    ['a javascript: link', () => ({ artist: 'A', title: 'B', url: 'javascript:alert(1)' }), 422, 'url'],
    ['a link that is no address', () => ({ artist: 'A', title: 'B', url: 'not a link' }), 422, 'url'],
    ['an unknown field', () => ({ artist: 'A', title: 'B', author_id: 1 }), 422, ''],
    ['a track id that is not a number', () => ({ track_meta_id: 'abc' }), 422, 'track_meta_id'],
  ];
  for (const [what, body, code, field] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await written();
      const response = await api.propose(user, idTrack, body());
      expect(response.statusCode, response.body).toBe(code);
      const error = response.json();
      expect(error).toMatchObject({ code, status: 'Unprocessable Entity' });
      if (field) expect(Object.keys(error.errors.json)).toContain(field);
      expect(await written()).toBe(before);
    });
  }

  it('refuses a proposal for a track that is not an ID, naming an ID, or an unknown track', async () => {
    const before = await written();
    const notAnId = await api.propose(user, released, { artist: 'A', title: 'B' });
    expect(notAnId.statusCode).toBe(422);
    expect(notAnId.json().errors.json.id_track_id).toEqual([
      'Only an ID (an unreleased track) takes suggestions.',
    ]);
    const anotherId = await freshId(app);
    const namingId = await api.propose(user, idTrack, { track_meta_id: anotherId });
    expect(namingId.statusCode).toBe(422);
    expect(namingId.json().errors.json.track_meta_id[0]).toContain('not another ID');
    const unknown = await api.propose(user, idTrack, { track_meta_id: 2_000_000_000 });
    expect(unknown.statusCode).toBe(422);
    expect((await api.propose(user, 2_000_000_000, { artist: 'A', title: 'B' })).statusCode).toBe(404);
    expect(await written()).toBe(before);
  });

  it('limits proposals per user: 429 with Retry-After, counted in the database', async () => {
    const [limited] = await crowd(app, 1);
    if (!limited) throw new Error('crowd');
    for (let i = 0; i < 3; i++) {
      const id = await freshId(app);
      expect((await api.propose(limited, id, { artist: 'Limit', title: `T${i}` })).statusCode).toBe(201);
    }
    const id = await freshId(app);
    const before = await written();
    const refused = await api.propose(limited, id, { artist: 'Limit', title: 'Four' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 429 });
    expect(await written()).toBe(before);
  });
});

describe('duplicates', () => {
  it('takes two mixes of one title as two suggestions, and the same mix written differently as one', async () => {
    const [a, b, c, d, e] = await crowd(app, 5);
    if (!a || !b || !c || !d || !e) throw new Error('crowd');
    const id = await freshId(app);
    const original = (
      await api.propose(a, id, { artist: 'Mixer', title: 'Tide', mix_name: 'Original Mix' })
    ).json();
    const dub = (await api.propose(b, id, { artist: 'Mixer', title: 'Tide', mix_name: 'Dub Mix' })).json();
    expect(original.id).toBeGreaterThan(0);
    expect(dub.id).toBeGreaterThan(original.id);
    // no mix name reads as the original mix
    const plain = await api.propose(c, id, { artist: 'Mixer', title: 'Tide' });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().identification_id).toBe(original.id);
    const sameDub = await api.propose(d, id, { artist: 'MIXER', title: 'Tide', mix_name: 'dub-mix' });
    expect(sameDub.statusCode).toBe(409);
    expect(sameDub.json().identification_id).toBe(dub.id);
    // a catalogue track is compared by its own mix name
    const remix = await freshTrack(app, 'Tide');
    await app.db.execute(sql`update tracks set artist = 'Mixer', mix_name = 'Remix B' where id = ${remix}`);
    expect((await api.propose(e, id, { track_meta_id: remix })).statusCode).toBe(201);
    expect((await api.list(a, id)).json().pagination.total).toBe(3);
  });
});

describe('votes and withdrawals refused', () => {
  it('refuses a bad vote, a vote on an unknown proposal, and someone else’s withdrawal', async () => {
    const p = (await api.propose(user, await freshId(app), { artist: 'Keep', title: 'Me' })).json();
    const before = await written();
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/identifications/${p.id}/vote`,
      headers: other.headers,
      payload: { vote: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await api.vote(other, 2_000_000_000, 'confirm')).statusCode).toBe(404);
    const theirs = await api.withdraw(other, p.id);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('Only its author may withdraw a suggestion.');
    expect((await api.vote(user, p.id, 'confirm')).statusCode).toBe(403);
    expect(await written()).toBe(before);
    const status = await oneId(
      app,
      `select 1 as id from identifications where id = ${p.id} and status = 'open'`,
    );
    expect(status).toBe(1);
  });

  it('limits votes per user, counting only the votes taken: 429 with Retry-After, nothing written', async () => {
    const [author, voter] = (await crowd(app, 2)) as [CrowdUser, CrowdUser];
    const own = (await api.propose(voter, await freshId(app), { artist: 'Own', title: 'Tune' })).json();
    const targets = [];
    for (let i = 0; i < 3; i++) {
      targets.push(
        (await api.propose(author, await freshId(app), { artist: 'Vote', title: `V${i}` })).json(),
      );
    }
    // refused votes (one's own proposal, an unknown one) are rolled back with their hit
    for (let i = 0; i < 3; i++) expect((await api.vote(voter, own.id, 'confirm')).statusCode).toBe(403);
    expect((await api.vote(voter, 2_000_000_000, 'confirm')).statusCode).toBe(404);
    expect((await api.vote(voter, targets[0].id, 'confirm')).json()).toMatchObject({ confirm_count: 1 });
    expect((await api.vote(voter, targets[1].id, 'reject')).json()).toMatchObject({ reject_count: 1 });
    const before = await written();
    const refused = await api.vote(voter, targets[2].id, 'confirm');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe('You have voted many times in a short time. Please try again later.');
    expect(await written()).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/tracks/${idTrack}/identifications` });
    expect(response.statusCode).toBe(401);
  });
});
