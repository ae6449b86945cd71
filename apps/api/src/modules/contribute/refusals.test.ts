// Every refusal of the pasted-tracklist calls: a clear 4xx in the error shape and nothing written;
// the per-user limits answer 429 with Retry-After.
import type { TracklistSubmission } from '@cratedig/contract/contribute-api';
import { TRACKLIST_PASTE } from '@cratedig/contract/contribute-limits';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { authOverrides } from '../../test/auth-overrides';
import { type IncompleteSet, incompleteSet, tracklistCalls } from '../../test/contribute';
import { type CrowdUser, crowd } from '../../test/crowd';
import { query } from '../../test/sql';

let app: FastifyInstance;
let set: IncompleteSet;
let paste: ReturnType<typeof tracklistCalls>;
let users: CrowdUser[];

beforeAll(async () => {
  app = await buildTestApp(
    authOverrides({ limits: { tracklist: { max: 4, windowS: 600 }, proposal: { max: 2, windowS: 3600 } } }),
  );
  set = await incompleteSet(app);
  paste = tracklistCalls(app);
  users = await crowd(app, 4);
});
afterAll(async () => {
  await app.close();
});

const user = (i: number) => users[i] as CrowdUser;

async function written(): Promise<number> {
  const [row] = await query<{ n: string | number }>(
    app,
    sql`select (select count(*) from identifications) + (select count(*) from notifications)
      + (select count(*) from live_events) as n`,
  );
  return Number(row?.n);
}

const three = ['05:00 A Person - One Tune', '10:00 B Person - Two Tune', '20:00 C Person - Three Tune'].join(
  '\n',
);

describe('a pasted tracklist refused', () => {
  const cases: [string, () => unknown, number, RegExp][] = [
    ['an empty paste', () => '', 422, /Paste a tracklist/],
    ['a paste of blank lines', () => '\n  \n\t\n', 422, /Paste a tracklist/],
    ['too many lines', () => 'A - B\n'.repeat(TRACKLIST_PASTE.maxLines), 422, /at most 300 lines/],
    ['too many characters', () => 'x'.repeat(TRACKLIST_PASTE.maxChars + 1), 422, /at most 20,000 characters/],
    ['a binary file', () => 'ID3\u0003\u0000\u0000\u0000\u0000\u0017vTIT2', 422, /Paste text, not a file/],
    ['a text that is not a string', () => ['05:00 A - B'], 422, /string/],
  ];
  for (const [what, text, code, message] of cases) {
    for (const call of ['preview', 'submit'] as const) {
      it(`${call}: refuses ${what}`, async () => {
        const before = await written();
        const response = await paste[call](user(0), set.setId, text());
        expect(response.statusCode, response.body).toBe(code);
        expect(response.json()).toMatchObject({ code, status: 'Unprocessable Entity' });
        expect(JSON.stringify(response.json().errors.json.text)).toMatch(message);
        expect(await written()).toBe(before);
      });
    }
  }

  it('answers 404 for an unknown set and for a set id that is not one, writing nothing', async () => {
    const before = await written();
    for (const call of ['preview', 'submit'] as const) {
      const unknown = await paste[call](user(0), 2_000_000_000, three);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Set not found.');
      expect((await paste[call](user(0), 'abc', three)).statusCode).toBe(404);
    }
    expect(await written()).toBe(before);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/sets/${set.setId}/tracklist-proposals`,
      payload: { text: three },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a submission with problem lines, naming every one, and proposes none of its other lines', async () => {
    const before = await written();
    const text = `${three}\n12:75 Broken - Time\njust words`;
    const response = await paste.submit(user(0), set.setId, text);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.json.text).toEqual([
      "Line 4: '12:75' is not a time (mm:ss, h:mm:ss or mm.ss)",
      "Line 5: this is not a track: write it as 'Artist - Title', with a time before it if you have one",
    ]);
    expect(await written()).toBe(before);
  });

  it('refuses a submission that suggests nothing', async () => {
    const before = await written();
    const response = await paste.submit(user(0), set.setId, '00:00 Nobody - Else\n20:00 ID - ID');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.json.text).toEqual([
      "No line names one of the set's IDs differently: there is nothing to suggest.",
    ]);
    expect(await written()).toBe(before);
  });
});

describe('the limits', () => {
  it('sends what the hourly suggestion limit allows and answers the rest as limited', async () => {
    const response = await paste.submit(user(1), set.setId, three);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<TracklistSubmission>();
    expect(body.proposed.map((p) => p.status)).toEqual(['created', 'created', 'limited']);
    expect(body.proposed[2]?.identification_id).toBeNull();
  });

  it('answers 429 with Retry-After when no suggestion can be sent, writing nothing', async () => {
    const before = await written();
    const response = await paste.submit(user(1), set.setId, '20:00 D Person - Four Tune');
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await written()).toBe(before);
  });

  it('limits previews and submissions together per user, and another user is not limited by it', async () => {
    for (let i = 0; i < 4; i++) expect((await paste.preview(user(2), set.setId, three)).statusCode).toBe(200);
    const limited = await paste.preview(user(2), set.setId, three);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'You have sent many tracklists in a short time. Please try again in a few minutes.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await paste.submit(user(2), set.setId, three)).statusCode).toBe(429);
    expect((await paste.preview(user(3), set.setId, three)).statusCode).toBe(200);
  });
});
