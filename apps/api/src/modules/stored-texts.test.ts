// Whatever a write accepts, every read that returns it answers 200. The texts and links people write
// (a suggestion's names and link, a profile's About and link, a comment, a new account's username,
// email and About) are stored as accepted and sent back through the responses' schemas, whose compiled
// serializer checks a link as an RFC 3986 URI: a value one side accepts and the other refuses would
// be written once and then break every read of it (docs/api-conventions.md "Links"). Each property
// writes generated values, including the characters that tell the two apart (spaces, quotes, `<`,
// `|`, `%`, non-ASCII, controls), and reads back every answer that carries them.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../lib/tokens';
import { serviceContext } from '../plugins/service-context';
import { buildTestApp } from '../test/app';
import { authOverrides } from '../test/auth-overrides';
import { type CrowdUser, crowd } from '../test/crowd';
import { freshId, SETUP_TIMEOUT_MS, setUpIdCatalogue } from '../test/identifications';
import { decideByOperator } from './identifications/service';

let app: FastifyInstance;
let setId: number;
let users: CrowdUser[];

beforeAll(async () => {
  app = await buildTestApp(
    authOverrides({
      limits: {
        proposal: { max: 10_000, windowS: 3600 },
        register: { max: 10_000, windowS: 3600 },
      },
    }),
  );
  setId = await setUpIdCatalogue(app);
  users = await crowd(app, 2);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await app.close();
});

const RUNS = Number(process.env.STORED_TEXTS_RUNS ?? 40);

/** Characters that URL parsers and RFC 3986 disagree on, and others that a person may paste. */
const tricky = fc.constantFrom(
  ' ',
  '"',
  '<',
  '>',
  '|',
  '^',
  '`',
  '{',
  '}',
  '\\',
  '%',
  '%2',
  '#',
  '[',
  ']',
  "'",
  '?',
  '&',
  'é',
  '🎧',
  '\u202e',
);
const text = (maxLength: number, rare = fc.string({ unit: 'binary', maxLength: 4 })) =>
  fc
    .array(
      fc.oneof({ arbitrary: tricky, weight: 3 }, { arbitrary: fc.string({ maxLength: 6 }), weight: 3 }, rare),
      {
        minLength: 1,
        maxLength: 8,
      },
    )
    .map((parts) => parts.join('').slice(0, maxLength));
// a link's parts without control characters, which browsers' URL parsing drops or refuses anyway
const printable = (maxLength: number) => text(maxLength, fc.string({ unit: 'grapheme', maxLength: 4 }));
const link = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('http://', 'https://', 'HTTPS://', ' https://'),
        fc.constantFrom('example.com', 'shop.example:8080', '[::1]', 'bücher.example', 'u:p@host.example'),
        printable(24),
        printable(12),
      )
      .map(([scheme, host, path, rest]) => `${scheme}${host}/${path}${rest}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('ftp://', 'javascript:', 'https://', ''), printable(12), text(20))
      .map((parts) => parts.join('')),
  },
);
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });

async function read(user: CrowdUser, url: string): Promise<unknown> {
  const response = await app.inject({ url, headers: user.headers });
  expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
  return response.json();
}

function statusOf(
  response: { statusCode: number; body: string; json: () => unknown },
  accepted: number,
): boolean {
  expect([accepted, 422], response.body).toContain(response.statusCode);
  if (response.statusCode === 422) expect(response.json()).toMatchObject({ code: 422, errors: { json: {} } });
  return response.statusCode === accepted;
}

describe('whatever a write accepts, its reads answer', () => {
  it(
    'a suggestion: the ID’s suggestions, the author’s, and once accepted the ID and its set',
    async () => {
      const [author, reader] = users as [CrowdUser, CrowdUser];
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            artist: text(40),
            title: text(40),
            mix_name: nullable(text(40)),
            label_name: nullable(text(40)),
            url: nullable(link),
          }),
          async (body) => {
            const idTrack = await freshId(app);
            const response = await app.inject({
              method: 'POST',
              url: `/api/tracks/${idTrack}/identifications`,
              headers: author.headers,
              payload: body,
            });
            if (!statusOf(response, 201)) return;
            const created = response.json() as { id: number; proposal: { url: string | null } };
            await read(reader, `/api/tracks/${idTrack}/identifications`);
            await read(author, `/api/users/${author.id}/identifications`);
            await decideByOperator(serviceContext(app), created.id, 'accepted');
            await read(reader, `/api/tracks/${idTrack}`);
            await read(reader, `/api/sets/${setId}`);
            await read(reader, `/api/tracks/${idTrack}/identifications`);
          },
        ),
        { numRuns: RUNS },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'a profile: the signed-in user',
    async () => {
      const [user] = users as [CrowdUser];
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            about_me: fc.oneof(text(60), fc.string({ minLength: 990, maxLength: 1010 })),
            soundcloud_url: nullable(link),
            user_type: fc.subarray(['listener', 'dj', 'producer', 'label', 'curator']),
          }),
          async (body) => {
            const response = await app.inject({
              method: 'PUT',
              url: '/api/me/profile-update',
              headers: user.headers,
              payload: body,
            });
            if (!statusOf(response, 200)) return;
            await read(user, '/api/me');
          },
        ),
        { numRuns: RUNS },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'a comment: the set’s comments',
    async () => {
      const [author, reader] = users as [CrowdUser, CrowdUser];
      await fc.assert(
        fc.asyncProperty(
          text(80),
          nullable(fc.double({ min: 0, max: 1e7, noNaN: true })),
          async (body, at) => {
            const response = await app.inject({
              method: 'POST',
              url: '/api/posts',
              headers: author.headers,
              payload: { text: body, set_meta_id: setId, set_timestamp: at },
            });
            if (!statusOf(response, 200)) return;
            await read(reader, `/api/sets/${setId}/posts`);
          },
        ),
        { numRuns: RUNS },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'a new account: the account itself, and its comments’ author',
    async () => {
      const [, reader] = users as [CrowdUser, CrowdUser];
      let n = 0;
      await fc.assert(
        fc.asyncProperty(text(24), text(16), text(60), async (name, local, about) => {
          n += 1;
          // the password is hashed on every registration (slow): the names vary, it does not
          const response = await app.inject({
            method: 'POST',
            url: '/api/users',
            remoteAddress: '10.9.9.9',
            payload: {
              username: `${name}${n}`,
              email: `${local}${n}@example.test`,
              password: 'a long enough passphrase',
              about_me: about,
              auth_provider: 'web_client',
            },
          });
          if (!statusOf(response, 200)) return;
          const id = (response.json() as { id: number }).id;
          const user = {
            id,
            headers: { authorization: `Bearer ${await signAccessToken(app.accessTokens, id)}` },
          };
          await read(user, '/api/me');
          const posted = await app.inject({
            method: 'POST',
            url: '/api/posts',
            headers: user.headers,
            payload: { text: 'hello', set_meta_id: setId },
          });
          expect(posted.statusCode, posted.body).toBe(200);
          await read(reader, `/api/sets/${setId}/posts`);
        }),
        { numRuns: Math.min(3, RUNS) },
      );
    },
    SETUP_TIMEOUT_MS,
  );
});

describe('a suggestion’s link', () => {
  it('is stored percent-encoded where the typed one has a space, a quote or <', async () => {
    const [author, reader] = users as [CrowdUser, CrowdUser];
    const idTrack = await freshId(app);
    const response = await app.inject({
      method: 'POST',
      url: `/api/tracks/${idTrack}/identifications`,
      headers: author.headers,
      payload: { artist: 'Kesa', title: 'Night Bus', url: 'https://example.com/a b"<c>' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().proposal.url).toBe('https://example.com/a%20b%22%3Cc%3E');
    const list = (await read(reader, `/api/tracks/${idTrack}/identifications`)) as {
      data: { proposal: { url: string } }[];
    };
    expect(list.data[0]?.proposal.url).toBe('https://example.com/a%20b%22%3Cc%3E');
  });
});
