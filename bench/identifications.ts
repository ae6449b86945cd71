// Identifications benchmark: how fast a deciding vote reaches a watcher's bell, how many idle live
// streams one instance holds and at what memory, and a vote's latency with 50 voters at once. Not part
// of `npm test`. Needs a PostgreSQL server (its tables are migrated; a few rows are added).
//
//   DATABASE_URL=$(PG_DIR=/tmp/pg-x bash scripts/pg-server.sh url) node --import tsx bench/identifications.ts
//
// The API runs as a child process (node apps/api/src/main.ts) so the clients do not share its event
// loop or its memory; its RSS is read from /proc. Prints the figures and the machine's load.
// BENCH_INSTANCES=2 runs two instances behind nginx (the clients go through nginx, so a vote and the
// stream that hears it are often on different instances); BENCH_PARTS=bell,votes,idle picks parts.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import { openSse, type SseStream } from '../apps/api/src/modules/live/sse-reader';
import { startInstances } from './lib/bench-instances';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to a PostgreSQL server');
const PORT = Number(process.env.BENCH_PORT ?? 8340);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'bell,votes,idle').split(','));
const SECRET = 'identifications-bench-signing-key-0123456789abcdef';
const DECISIONS = 50;
const IDLE_CLIENTS = Number(process.env.BENCH_IDLE_CLIENTS ?? 1000);
const VOTERS = 50;

const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
await migrate(database);
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const run = Date.now().toString(36);
const [set] = await rows<{ id: number }>(sql`
  insert into sets (set_name, artist, genre, release_date, duration_ms)
  values (${`Bench set ${run}`}, 'Bench', 'Techno', '2026-11-01', 3600000) returning id`);
const users = await rows<{ id: number }>(sql`
  insert into users (username, email) select 'bench-' || ${run} || '-' || g, 'bench-' || ${run} || '-' || g || '@example.test'
  from generate_series(1, 120) g returning id`);
const key = accessTokenKey(SECRET);
const tokens = await Promise.all(users.map((u) => signAccessToken(key, u.id)));
const auth = (i: number) => ({ authorization: `Bearer ${tokens[i]}` });

const instances = await startInstances({
  ports: Array.from({ length: INSTANCES }, (_, i) => PORT + 1 + i),
  nginxPort: PORT,
  stateDir: `/tmp/cratedig-bench-${run}`,
  env: {
    ...process.env,
    JWT_SECRET: SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    VOTE_MAX: '100000',
    PROPOSAL_MAX: '100000',
    EVENT_TICKET_MAX: '100000',
  },
});
const BASE = instances.base;
const rssKb = () => instances.rssKb(0);

async function call(
  method: string,
  path: string,
  user: number,
  body?: unknown,
): Promise<{ status: number; json: { id: number; ticket: string } }> {
  const response = await fetch(`${BASE}${path}`, {
    method,
    ...(body === undefined
      ? { headers: auth(user) }
      : { headers: { ...auth(user), 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

async function stream(user: number, tracks = ''): Promise<SseStream> {
  const { json } = await call('POST', '/api/events/ticket', user);
  const s = await openSse(`${BASE}/api/events?ticket=${json.ticket}${tracks}`);
  if (s.status !== 200) throw new Error(`stream answered ${s.status}`);
  await s.next('ready', undefined, 30_000);
  return s;
}

async function freshId(): Promise<{ id: number; track: number }> {
  const [id] = await rows<{ id: number }>(sql`
    insert into tracks (title, artist, mix_type, found_in_set_id) values ('ID', 'Bench', 'ID', ${set?.id}) returning id`);
  const [track] = await rows<{ id: number }>(sql`
    insert into tracks (title, artist, mix_type, release_date)
    values (${`Tune ${Math.random()}`}, 'Bench', 'original_mix', '2026-11-01') returning id`);
  return { id: id?.id ?? 0, track: track?.id ?? 0 };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

try {
  console.log(
    `load before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // 1. vote-to-bell: the deciding vote's request starts → the watcher's stream has the release
  const latencies: number[] = [];
  for (let i = 0; i < (PARTS.has('bell') ? DECISIONS : 0); i++) {
    const { id, track } = await freshId();
    const watcher = 0;
    await call('PUT', `/api/favs/track/${id}/likes-toggle`, watcher);
    const bell = await stream(watcher);
    const proposal = (await call('POST', `/api/tracks/${id}/identifications`, 1, { track_meta_id: track }))
      .json;
    await call('PUT', `/api/identifications/${proposal.id}/vote`, 2, { vote: 'confirm' });
    await call('PUT', `/api/identifications/${proposal.id}/vote`, 3, { vote: 'confirm' });
    const heard = bell.next(
      'notification',
      (d) => (d as { notification: { kind: string } }).notification.kind === 'release',
    );
    const t0 = performance.now();
    await call('PUT', `/api/identifications/${proposal.id}/vote`, 4, { vote: 'confirm' });
    await heard;
    latencies.push(performance.now() - t0);
    bell.close();
  }
  if (latencies.length > 0)
    console.log(
      `vote-to-bell over ${DECISIONS} decisions, ${INSTANCES} instance(s): p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}`,
    );

  // 2. a vote's latency with 50 voters at once (each on its own open proposal, never deciding)
  const proposals: number[] = [];
  for (let i = 0; i < (PARTS.has('votes') ? VOTERS : 0); i++) {
    const { id } = await freshId();
    proposals.push(
      (await call('POST', `/api/tracks/${id}/identifications`, 100, { artist: 'Bench', title: `T${i}` })).json
        .id,
    );
  }
  const voteTimes: number[] = [];
  const refused: Record<number, number> = {};
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      proposals.map(async (p, i) => {
        const t0 = performance.now();
        const r = await call('PUT', `/api/identifications/${p}/vote`, 10 + i, {
          vote: round % 2 === 0 ? 'confirm' : null,
        });
        // a 503 is the pool's wait for a connection running out (3 s): counted, not timed
        if (r.status === 200) voteTimes.push(performance.now() - t0);
        else refused[r.status] = (refused[r.status] ?? 0) + 1;
      }),
    );
  }
  if (proposals.length > 0)
    console.log(
      `vote with ${VOTERS} concurrent voters (${voteTimes.length} answered 200): p50 ${ms(pct(voteTimes, 50))}, p95 ${ms(pct(voteTimes, 95))}; other answers ${JSON.stringify(refused)}`,
    );

  // 3. idle streams one instance holds, and its memory (with one instance)
  const before = rssKb();
  const idle: SseStream[] = [];
  for (let i = 0; i < (PARTS.has('idle') && INSTANCES === 1 ? IDLE_CLIENTS : 0); i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, IDLE_CLIENTS - i) }, (_, k) => stream((i + k) % 100)),
    );
    idle.push(...batch);
  }
  const open = idle.filter((s) => s.status === 200).length;
  if (idle.length > 0) await new Promise((r) => setTimeout(r, 2000));
  const after = rssKb();
  if (idle.length > 0)
    console.log(
      `${open} idle streams open; API RSS ${(before / 1024).toFixed(0)} MB before, ${(after / 1024).toFixed(0)} MB with them (${((after - before) / Math.max(1, open)).toFixed(1)} KB each)`,
    );
  for (const s of idle) s.close();
  console.log(
    `load after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  instances.stop();
  await database.close();
}
