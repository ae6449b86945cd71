// Generated hostile input for every operation of the OpenAPI document: nothing a client sends may
// answer a 5xx; every 4xx is the domain error shape; a refused request writes nothing. The routes
// come from /api/docs/json, so a route added later is covered without being listed here.
import { Writable } from 'node:stream';
import { errorShape } from '@cratedig/contract/common';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXCEPTION_LOG } from './plugins/errors';
import { buildTestApp } from './test/app';
import { createUserWithToken, randomAddress } from './test/auth';
import { type Credentials, type GeneratedRequest, type OpenApiDocument, requestsFor } from './test/bad-input';
import { crowd } from './test/crowd';
import { resetDatabase } from './test/database';
import { createSampleCatalogue } from './test/factories';

/** Runs per operation: modest, the generators are varied; BAD_INPUT_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);
/** Fixed, so that a failure replays and figures compare between runs; BAD_INPUT_SEED changes it. */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261124);
/** Bookkeeping that a refused request may rightly write: a failed login is counted. */
const WRITABLE_ON_REFUSAL = new Set(['rate_limit_hits']);
/** BAD_INPUT_REPORT=1 counts every answer instead of stopping at the first failure (for figures). */
const REPORT_ONLY = process.env.BAD_INPUT_REPORT === '1';

let app: FastifyInstance;
let doc: OpenApiDocument;
let fingerprintSql: string;
const tally: Record<string, number> = {};
const failures = new Set<string>();
const logLines: string[] = [];

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

beforeAll(async () => {
  // Warnings are read: PostgreSQL refusing a value means the contract let it through (answered 422 by
  // the error handler's safety net, but a gap all the same, and sometimes valid input refused).
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildTestApp({ logLevel: 'warn' }, { logStream });
  // Ids 1 to 3 name real items (the generated paths use them), so requests reach past the lookups;
  // a suggestion on the ID gives the vote and withdrawal calls an identification to refuse on.
  await resetDatabase(app.database);
  const catalogue = await createSampleCatalogue(app);
  const [author] = await crowd(app, 1);
  const proposal = await app.inject({
    method: 'POST',
    url: `/api/tracks/${catalogue.idTrackId}/identifications`,
    headers: author?.headers ?? {},
    payload: { track_meta_id: catalogue.trackIds[0] },
  });
  expect(proposal.statusCode, proposal.body).toBe(201);
  doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
  const tables = (await app.db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  // Row count and newest row version per table: any insert, update or delete changes one of them.
  fingerprintSql = tables.rows
    .map((row) => row.table_name)
    .filter((table) => !WRITABLE_ON_REFUSAL.has(table))
    .map(
      (table) =>
        `select '${table}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0) as f from "${table}"`,
    )
    .join(' union all ');
}, 60_000);

afterAll(async () => {
  const total = Object.values(tally).reduce((sum, n) => sum + n, 0);
  console.log(
    `generated bad requests: ${total - (tally.unshaped ?? 0)}, by status class: ${JSON.stringify(tally)}`,
  );
  if (failures.size > 0) console.log(`failing operations:\n${[...failures].join('\n')}`);
  await app?.close();
});

async function fingerprint(): Promise<string> {
  const result = (await app.db.execute(sql.raw(fingerprintSql))) as unknown as {
    rows: { t: string; f: string }[];
  };
  return result.rows.map((row) => `${row.t}=${row.f}`).join(',');
}

async function send(request: GeneratedRequest) {
  return app.inject({ ...request, remoteAddress: randomAddress() });
}

/** BAD_INPUT_ONLY narrows the run to paths matching a pattern, to replay one operation's failure. */
const ONLY = process.env.BAD_INPUT_ONLY ? new RegExp(process.env.BAD_INPUT_ONLY) : undefined;

function operations(): [string, string][] {
  const list: [string, string][] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (ONLY && !ONLY.test(path)) continue;
    for (const method of Object.keys(methods)) list.push([path, method]);
  }
  return list;
}

describe('generated bad input for every operation of the OpenAPI document', () => {
  it('answers no 5xx, the error shape for every 4xx, and writes nothing when it refuses', {
    timeout: 600_000,
  }, async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(ONLY ? 0 : 40);
    for (const [path, method] of ops) {
      const operation = doc.paths[path]?.[method];
      if (!operation) continue;
      // A fresh account per operation: one that deletes or signs out its user must not starve the rest.
      const signedIn = await createUserWithToken(app);
      const credentials: Credentials = {
        bearer: signedIn.accessToken,
        username: signedIn.user.username,
        password: signedIn.password,
      };
      await fc.assert(
        fc.asyncProperty(requestsFor(path, method, operation, doc, credentials), async (request) => {
          const before = await fingerprint();
          logLines.length = 0;
          const response = await send(request);
          const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
          tally[statusClass] = (tally[statusClass] ?? 0) + 1;
          const where = `${request.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (REPORT_ONLY) {
            const shaped = response.statusCode < 400 || errorShape.safeParse(safeJson(response.body)).success;
            if (response.statusCode >= 500 || !shaped) {
              failures.add(
                `${request.method} ${path} → ${response.statusCode}${shaped ? '' : ' (not the error shape)'}`,
              );
              tally.unshaped = (tally.unshaped ?? 0) + (shaped ? 0 : 1);
            }
            return;
          }
          expect(response.statusCode, where).toBeLessThan(500);
          expect(
            logLines.filter((line) => line.includes(DATA_EXCEPTION_LOG)),
            where,
          ).toEqual([]);
          if (response.statusCode < 400) return;
          // Pages for people (the unsubscribe page opened from a mail) answer their refusal as a page.
          if (String(response.headers['content-type']).startsWith('text/html')) {
            expect(await fingerprint(), `${where}: a refused request wrote`).toBe(before);
            return;
          }
          const body = errorShape.safeParse(safeJson(response.body));
          expect(body.success, where).toBe(true);
          expect(body.data?.code, where).toBe(response.statusCode);
          expect(await fingerprint(), `${where}: a refused request wrote`).toBe(before);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
  });
});
