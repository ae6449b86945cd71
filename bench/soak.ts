// Soak with faults: a steady mixed load through nginx on the two instances of scripts/two-instances.sh
// (behind PgBouncer), PostgreSQL restarted once, one instance stopped with SIGTERM and started again;
// at the end every counter is reconciled with the writes that were answered. Not part of `npm test`.
// With CLUSTER=true (the same as two-instances.sh's) the whole cluster: a replica the instances read
// the catalogue from, the media in an object store (artwork asked for through its redirect), a worker
// running the jobs; and three more faults: the worker killed (SIGKILL) in the middle of reading sets'
// audio, the replica restarted. It then reports the replica's share of the statements and its lag, and
// checks every set's audio was read again, none left half-read. DJs upload a recording every 15 s
// through the balancer (bench/soak-uploads.ts), processed by the worker from the object store; each
// is reconciled at the end.
//
//   [CLUSTER=true] scripts/two-instances.sh start   # with the same STATE_DIR / ports as below
//   [CLUSTER=true] node --import tsx bench/soak.ts [--minutes 20] [--workers 8]
//
// Reads STATE_DIR (default /tmp/cratedig-two-instances), NGINX_PORT, API_PORTS, PG_PORT like the script.
// The load: browsing (lists, set and track pages), searches, plays, moment likes, queue adds and moves,
// votes on open proposals, by 40 users of its own (made in the database, tokens signed with the
// instances' key). A write whose answer was lost (a refused connection, a 502 while an instance stops)
// may or may not have happened: reconciliation allows exactly those, and nothing else.
// Success: no 5xx outside the fault windows, nothing lost, nothing doubled. Exit 1 otherwise.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import { soakUploads } from './soak-uploads';

const run = promisify(execFile);

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MINUTES = arg('minutes', 20);
const WORKERS = arg('workers', 8);
const USERS = 40;
const STATE_DIR = process.env.STATE_DIR ?? '/tmp/cratedig-two-instances';
const BASE = `http://127.0.0.1:${process.env.NGINX_PORT ?? 8310}`;
const API_PORTS = (process.env.API_PORTS ?? '8311 8312').split(' ');
const CLUSTER = process.env.CLUSTER === 'true';
const urls = Object.fromEntries(
  readFileSync(`${STATE_DIR}/urls`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => [
      line.slice(0, line.indexOf('=')),
      line.slice(line.indexOf('=') + 1).replace(/^'|'$/g, ''),
    ]),
);
const db = new pg.Pool({ connectionString: urls.DIRECT_URL, max: 2 });
db.on('error', () => {});

type Outcome = 'ok' | 'refused' | 'uncertain';
const stats = { requests: 0, byStatus: {} as Record<string, number>, fiveXxOutside: [] as string[] };
const windows: { from: number; to: number; what: string }[] = [];
let openWindow: number | undefined;
const inWindow = (t: number) =>
  openWindow !== undefined || windows.some((w) => t >= w.from && t <= w.to + 10_000);

/** Counts an answer (or 'network'), and keeps a 5xx or a lost answer outside the fault windows. */
function record(status: string, started: number, what: string, text = '') {
  stats.requests += 1;
  stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  if (inWindow(started)) return;
  if (status === 'network') stats.fiveXxOutside.push(`${what} network error`);
  else if (Number(status) >= 500) stats.fiveXxOutside.push(`${what} ${status} ${text.slice(0, 120)}`);
}

async function send(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ outcome: Outcome; json?: unknown }> {
  const started = Date.now();
  try {
    const response = await fetch(`${BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    record(String(response.status), started, `${method} ${path}`, text);
    // artwork comes back as an image (from the object store, through its redirect): no JSON to read
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    if (response.ok) return { outcome: 'ok', json: text && isJson ? JSON.parse(text) : undefined };
    // 502/504 from nginx: the instance may have written before it went away. 503 from the app and
    // 4xx are answered before any write.
    return { outcome: response.status === 502 || response.status === 504 ? 'uncertain' : 'refused' };
  } catch {
    record('network', started, `${method} ${path}`);
    return { outcome: 'uncertain' };
  }
}

interface Soaker {
  id: number;
  token: string;
  likes: { ok: number; uncertain: number };
  plays: { ok: number; uncertain: number };
  /** sets whose play was answered 200: each must have a stored play (one an hour is counted) */
  playedSets: Set<number>;
  queueAdds: { ok: number; uncertain: number };
  /** proposal id -> last vote answered 200 (undefined after an uncertain one). */
  votes: Map<number, string | null | 'unknown'>;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

async function main() {
  const secret = readFileSync(`${STATE_DIR}/jwt-secret`, 'utf8').trim();
  const signer = accessTokenKey(secret);
  const tag = Date.now().toString(36);
  const made = await db.query<{ id: number }>(
    `insert into users (username, email, auth_provider)
     select 'soak-' || $1 || '-' || g, 'soak-' || $1 || '-' || g || '@example.test', 'web_client'
     from generate_series(1, ${USERS}) g returning id`,
    [tag],
  );
  const soakers: Soaker[] = await Promise.all(
    made.rows.map(async ({ id }) => ({
      id,
      token: await signAccessToken(signer, id),
      likes: { ok: 0, uncertain: 0 },
      plays: { ok: 0, uncertain: 0 },
      playedSets: new Set<number>(),
      queueAdds: { ok: 0, uncertain: 0 },
      votes: new Map(),
    })),
  );
  const setIds = (await db.query<{ id: number }>('select id from sets order by id')).rows.map((r) => r.id);
  const artPaths = (
    await db.query<{ art: string }>(
      `select art_url_sm as art from sets where art_url_sm like '/media/%' union select art_url_sm from artists where art_url_sm like '/media/%'`,
    )
  ).rows.map((r) => r.art);
  const statementsBefore = CLUSTER ? await statementCounts() : undefined;
  const trackIds = (await db.query<{ id: number }>('select id from tracks order by id limit 200')).rows.map(
    (r) => r.id,
  );
  const proposals = (
    await db.query<{ id: number }>(`select id from identifications where status = 'open'`)
  ).rows.map((r) => r.id);
  // Every soak user watches every ID with an open proposal, so a proposal the votes accept must tell
  // each of them exactly once (reconciled at the end).
  await db.query(
    `insert into user_track_favs (user_id, track_id, show_likes)
     select u, p.id_track_id, true from unnest($1::int[]) u,
       (select distinct id_track_id from identifications where status = 'open') p
     on conflict (user_id, track_id) do update set show_likes = true`,
    [made.rows.map((r) => r.id)],
  );
  const soakStart = new Date();
  const words = ['night', 'deep', 'tiber', 'house', 'techno', 'sun', 'm', 'love', 'drive'];
  const ids = soakers.map((s) => s.id);
  const before = await counters(ids);

  const actions: [number, (s: Soaker) => Promise<void>][] = [
    // artwork: from the object store through its redirect (CLUSTER), or from the instances' folder
    [artPaths.length > 0 ? 5 : 0, async (s) => void (await send('GET', pick(artPaths), s.token))],
    [
      30,
      async (s) =>
        void (await send('GET', `/api/sets?limit=20&offset=${Math.floor(Math.random() * 20)}`, s.token)),
    ],
    [15, async (s) => void (await send('GET', `/api/sets/${pick(setIds)}`, s.token))],
    [10, async (s) => void (await send('GET', `/api/tracks/${pick(trackIds)}`, s.token))],
    [10, async (s) => void (await send('GET', `/api/search?s=${pick(words)}`, s.token))],
    [5, async (s) => void (await send('GET', `/api/tracks?search=${pick(words)}`, s.token))],
    [
      10,
      async (s) => {
        const setId = pick(setIds);
        const r = await send('PUT', '/api/plays', s.token, { set_meta_id: setId, current_timestamp: 60 });
        if (r.outcome !== 'refused') s.plays[r.outcome] += 1;
        if (r.outcome === 'ok') s.playedSets.add(setId);
      },
    ],
    [
      10,
      async (s) => {
        const r = await send('POST', '/api/set-likes', s.token, {
          set_meta_id: pick(setIds),
          set_timestamp: Math.random() * 3000,
        });
        if (r.outcome !== 'refused') s.likes[r.outcome] += 1;
      },
    ],
    [
      5,
      async (s) => {
        const r = await send('POST', '/api/queue', s.token, { user_id: s.id, set_meta_id: pick(setIds) });
        if (r.outcome !== 'refused') s.queueAdds[r.outcome] += 1;
      },
    ],
    [
      5,
      async (s) => {
        const queue = await send('GET', '/api/queue', s.token);
        const items = (queue.json ?? []) as { id: number; set_meta_id: number }[];
        if (items.length < 2) return;
        const item = pick(items);
        await send('PUT', '/api/queue', s.token, {
          id: item.id,
          user_id: s.id,
          set_meta_id: item.set_meta_id,
          order: 1 + Math.floor(Math.random() * items.length),
          is_current: false,
        });
      },
    ],
    [
      proposals.length > 0 ? 5 : 0,
      async (s) => {
        const proposal = pick(proposals);
        const vote = pick(['confirm', 'reject', null]);
        const r = await send('PUT', `/api/identifications/${proposal}/vote`, s.token, { vote });
        if (r.outcome === 'ok') s.votes.set(proposal, vote);
        else if (r.outcome === 'uncertain') s.votes.set(proposal, 'unknown');
      },
    ],
  ];
  const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
  const act = (s: Soaker) => {
    let r = Math.random() * totalWeight;
    for (const [w, fn] of actions) {
      r -= w;
      if (r < 0) return fn(s);
    }
    return actions[0]?.[1](s);
  };

  const started = Date.now();
  const end = started + MINUTES * 60_000;
  const lags: number[] = [];
  const lagSampler = CLUSTER
    ? setInterval(() => {
        db.query<{ ms: number }>(
          `select coalesce(extract(epoch from replay_lag) * 1000, 0)::float8 as ms from pg_stat_replication`,
        )
          .then((r) => {
            if (r.rows[0]) lags.push(r.rows[0].ms);
          })
          .catch(() => {});
      }, 5000)
    : undefined;
  // DJs upload recordings through the balancer; the worker processes them from the object store
  const uploads = CLUSTER
    ? soakUploads({
        base: BASE,
        s3Endpoint: `http://127.0.0.1:${process.env.S3_PORT ?? 8316}`,
        djs: soakers,
        end,
        record,
      })
    : undefined;
  const faults = (async () => {
    if (CLUSTER) {
      await sleepUntil(started + MINUTES * 60_000 * 0.15);
      await fault('the worker killed while it reads sets', async () => {
        // sets to read again, a new worker to start on them, killed a few seconds in
        await db.query(
          `update set_landmarks set status = 'pending' where set_id in (select set_id from set_landmarks where status = 'done' order by set_id limit 12)`,
        );
        await run('bash', ['scripts/two-instances.sh', 'kill-worker']);
        await new Promise((resolve) => setTimeout(resolve, 12_000));
        await run('bash', ['scripts/two-instances.sh', 'kill-worker']);
      });
    }
    await sleepUntil(started + MINUTES * 60_000 * 0.3);
    await fault('PostgreSQL restart', async () => {
      const env = {
        ...process.env,
        PG_DIR: `${STATE_DIR}/pg`,
        PG_PORT: process.env.PG_PORT ?? '8319',
        ...(CLUSTER ? { PG_REPLICA: '1', PG_KEEP_REPLICA: '1' } : {}),
      };
      await run('bash', ['scripts/pg-server.sh', 'stop'], { env });
      await run('bash', ['scripts/pg-server.sh', 'start'], { env });
      await waitHealthy();
    });
    if (CLUSTER) {
      await sleepUntil(started + MINUTES * 60_000 * 0.45);
      await fault('replica restart', async () => {
        await run('bash', ['scripts/two-instances.sh', 'restart-replica']);
      });
    }
    await sleepUntil(started + MINUTES * 60_000 * 0.6);
    await fault(`SIGTERM and restart of the instance on ${API_PORTS.at(-1)}`, async () => {
      await run('bash', ['scripts/two-instances.sh', 'restart-instance', API_PORTS.at(-1) as string]);
    });
  })();
  let lastReport = started;
  await Promise.all([
    uploads?.run(),
    // Each worker acts for its own users, so one user's writes are never concurrent and "the last
    // answered vote" is well defined.
    ...Array.from({ length: WORKERS }, async (_, worker) => {
      const mine = soakers.filter((_, i) => i % WORKERS === worker);
      while (Date.now() < end) {
        await act(pick(mine));
        if (Date.now() - lastReport > 60_000) {
          lastReport = Date.now();
          console.log(
            `${Math.round((Date.now() - started) / 60_000)} min: ${stats.requests} requests ${JSON.stringify(stats.byStatus)} load ${loadavg()[0]?.toFixed(1)}`,
          );
        }
      }
    }),
  ]);
  await faults;
  if (lagSampler) clearInterval(lagSampler);
  const after = await counters(ids);
  const problems = await reconcile(soakers, before, after);
  problems.push(...(await reconcileNotifications(soakers, soakStart)));
  if (uploads) problems.push(...(await uploads.reconcile(db)));
  if (CLUSTER && statementsBefore) {
    const statementsAfter = await statementCounts();
    const onReplica = statementsAfter.replica - statementsBefore.replica;
    const onPrimary = statementsAfter.primary - statementsBefore.primary;
    const sorted = [...lags].sort((a, b) => a - b);
    console.log(
      `replica: ${onReplica} of ${onReplica + onPrimary} transactions (${((100 * onReplica) / Math.max(1, onReplica + onPrimary)).toFixed(1)} %); ` +
        `replay lag p50 ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} samples)`,
    );
    problems.push(...(await reconcileFingerprints()));
  }
  console.log(
    JSON.stringify(
      {
        minutes: MINUTES,
        workers: WORKERS,
        requests: stats.requests,
        byStatus: stats.byStatus,
        windows: windows.map((w) => ({ what: w.what, seconds: Math.round((w.to - w.from) / 1000) })),
        fiveXxOutsideWindows: stats.fiveXxOutside.length,
        load: loadavg().map((l) => l.toFixed(1)),
      },
      null,
      2,
    ),
  );
  for (const line of stats.fiveXxOutside.slice(0, 10)) console.log(`5xx outside a window: ${line}`);
  for (const problem of problems) console.log(`MISMATCH ${problem}`);
  console.log(problems.length === 0 && stats.fiveXxOutside.length === 0 ? 'soak: PASS' : 'soak: FAIL');
  await db.end();
  process.exitCode = problems.length === 0 && stats.fiveXxOutside.length === 0 ? 0 : 1;
}

function sleepUntil(t: number) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, t - Date.now())));
}

/** Committed transactions of the catalogue's database on the primary and on the replica. */
async function statementCounts(): Promise<{ primary: number; replica: number }> {
  const count = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const r = await client.query<{ n: string }>(
        `select xact_commit + xact_rollback as n from pg_stat_database where datname = 'cratedig'`,
      );
      return Number(r.rows[0]?.n ?? 0);
    } finally {
      await client.end();
    }
  };
  return {
    primary: await count(urls.DIRECT_URL as string),
    replica: await count(urls.REPLICA_URL as string),
  };
}

/**
 * Every set the worker was killed reading is read again by the next one, within the job's expiry,
 * and none is left half-read: no set has postings unless it is done.
 */
async function reconcileFingerprints(): Promise<string[]> {
  const deadline = Date.now() + 12 * 60_000;
  let pending = Number.NaN;
  while (Date.now() < deadline) {
    const r = await db.query<{ n: number }>(
      `select count(*)::int as n from set_landmarks where status = 'pending' or status = 'failed'`,
    );
    pending = r.rows[0]?.n ?? 0;
    if (pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
  const half = await db.query<{ n: number }>(
    `select count(distinct p.set_id)::int as n from landmark_postings p
       join set_landmarks l using (set_id) where l.status <> 'done'`,
  );
  const problems: string[] = [];
  if (pending !== 0) problems.push(`fingerprints: ${pending} sets still not read 12 minutes after the soak`);
  if ((half.rows[0]?.n ?? 0) > 0) problems.push(`fingerprints: ${half.rows[0]?.n} sets half-read`);
  console.log(`fingerprints: ${pending === 0 ? 'every set read again' : `${pending} sets waiting`}`);
  return problems;
}

async function fault(what: string, cause: () => Promise<void>) {
  const from = Date.now();
  openWindow = from;
  console.log(`fault: ${what}`);
  await cause();
  openWindow = undefined;
  windows.push({ from, to: Date.now(), what });
  console.log(`fault over after ${((Date.now() - from) / 1000).toFixed(1)} s: ${what}`);
}

async function waitHealthy() {
  for (const port of API_PORTS) {
    await run('bash', [
      '-c',
      `for i in $(seq 1 120); do curl -fs http://127.0.0.1:${port}/api/health >/dev/null && exit 0; sleep 0.5; done; exit 1`,
    ]);
  }
}

type Counters = Awaited<ReturnType<typeof counters>>;
async function counters(ids: number[]) {
  const q = async (text: string) => (await db.query(text, [ids])).rows;
  return {
    likes: await q(`select user_id, count(*)::int n from set_likes where user_id = any($1) group by 1`),
    plays: await q(`select user_id, count(*)::int n from plays where user_id = any($1) group by 1`),
    playedSets: await q(`select distinct user_id, set_id from plays where user_id = any($1)`),
    queue: await q(
      `select user_id, array_agg("order" order by "order") orders from queue_items where user_id = any($1) group by 1`,
    ),
    votes: await q(
      `select user_id, identification_id, vote from identification_votes where user_id = any($1)`,
    ),
    slotsVsLikes: (
      await db.query(`select s.set_id from (select set_id, sum(likes)::int n from set_like_slots group by 1) s
        full join (select set_id, count(*)::int n from set_likes group by 1) l using (set_id) where s.n is distinct from l.n`)
    ).rows,
    playCountsVsPlays: (
      await db.query(`select set_id from set_play_counts c full join (select set_id, count(*)::int n from plays group by 1) p using (set_id)
        where coalesce(c.plays, 0) <> coalesce(p.n, 0)`)
    ).rows,
  };
}

async function reconcile(soakers: Soaker[], _before: Counters, after: Counters): Promise<string[]> {
  const problems: string[] = [];
  const of = (rows: { user_id: number; n: number }[], id: number) =>
    rows.find((r) => r.user_id === id)?.n ?? 0;
  for (const s of soakers) {
    const likes = of(after.likes, s.id);
    if (likes < s.likes.ok || likes > s.likes.ok + s.likes.uncertain)
      problems.push(
        `user ${s.id}: ${likes} moment likes stored, ${s.likes.ok} answered (+${s.likes.uncertain} uncertain)`,
      );
    const plays = of(after.plays, s.id);
    if (plays > s.plays.ok + s.plays.uncertain)
      problems.push(`user ${s.id}: ${plays} plays stored for ${s.plays.ok} answered (+${s.plays.uncertain})`);
    for (const setId of s.playedSets)
      if (!after.playedSets.some((r) => r.user_id === s.id && r.set_id === setId))
        problems.push(`user ${s.id}: a play of set ${setId} was answered 200 but none is stored`);
    const orders = ((after.queue.find((r) => r.user_id === s.id)?.orders ?? []) as number[]).map(Number);
    if (orders.length < s.queueAdds.ok || orders.length > s.queueAdds.ok + s.queueAdds.uncertain)
      problems.push(
        `user ${s.id}: ${orders.length} queue items for ${s.queueAdds.ok} adds answered (+${s.queueAdds.uncertain})`,
      );
    if (orders.some((o, i) => o !== i + 1))
      problems.push(`user ${s.id}: queue orders ${orders.join(',')} are not 1..${orders.length}`);
    for (const [proposal, vote] of s.votes) {
      if (vote === 'unknown') continue;
      const stored =
        after.votes.find((r) => r.user_id === s.id && r.identification_id === proposal)?.vote ?? null;
      if (stored !== vote)
        problems.push(`user ${s.id}: proposal ${proposal} holds vote ${stored}, last answered ${vote}`);
    }
  }
  for (const row of after.slotsVsLikes)
    problems.push(`set ${row.set_id}: moment-like slots do not add up to its likes`);
  for (const row of after.playCountsVsPlays)
    problems.push(`set ${row.set_id}: play count differs from its plays`);
  return problems;
}

/**
 * Every proposal the soak's votes accepted told each soak user (all watch its ID) once, as
 * 'identified' or, when it named a released track, 'release'; and its author once.
 */
async function reconcileNotifications(soakers: Soaker[], since: Date): Promise<string[]> {
  const problems: string[] = [];
  const decided = (
    await db.query<{ id: number; id_track_id: number; author_id: number }>(
      `select id, id_track_id, author_id from identifications where status = 'accepted' and decided_dt >= $1`,
      [since],
    )
  ).rows;
  const ids = soakers.map((s) => s.id);
  for (const p of decided) {
    const told = (
      await db.query<{ user_id: number; n: number }>(
        `select user_id, count(*)::int n from notifications
         where id_track_id = $1 and kind in ('identified', 'release') and user_id = any($2) group by 1`,
        [p.id_track_id, ids],
      )
    ).rows;
    for (const id of ids) {
      const n = told.find((r) => r.user_id === id)?.n ?? 0;
      if (n !== 1) problems.push(`user ${id}: told ${n} times that ID ${p.id_track_id} was named`);
    }
    const author = await db.query(
      `select 1 from notifications where user_id = $1 and identification_id = $2 and kind = 'proposal_accepted'`,
      [p.author_id, p.id],
    );
    if (author.rowCount !== 1)
      problems.push(`proposal ${p.id}: its author was told ${author.rowCount} times`);
  }
  console.log(`notifications: ${decided.length} proposals accepted during the soak, each reconciled`);
  return problems;
}

await main();
