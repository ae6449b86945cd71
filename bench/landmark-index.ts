// The landmark index at catalogue scale: writes `--hours` of music-like sets (bench/lib/landmark-music.ts)
// into a PostgreSQL server's real landmark tables, as the job stores them, then measures what the
// index costs and answers: rows and sizes per 1,000 hours, postings per key, heard-in latency on
// distinct tracks with a planted copy each (at 0.9–1.1× speed, pitch fader or key lock) with the raw
// lookup alone as the baseline, the planted copies' recall, and one untracked one-hour mix scanned
// (CPU of this process, which runs the service's code, and of PostgreSQL's backends). Not part of `npm test`.
//
//   DATABASE_URL=$(scripts/pg-server.sh start) node --import tsx bench/landmark-index.ts [--hours 10000] [--queries 200]
//
// Runs add to what an earlier run loaded (base sets are numbered, and the same number always makes the
// same set), so 100, then 1,000, then 10,000 hours each write only the new hours. The copies and the
// mix are written again each run. Figures go to stdout and bench/results/landmark-index-<hours>h.json.
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { runWithStatementLimits } from '../apps/api/src/lib/statement-limits';
import { hotKeyLimit, loadPeaks, lookupLandmarks } from '../apps/api/src/modules/fingerprints/landmark-store';
import { queryLandmarks, SCAN_DENSITY } from '../apps/api/src/modules/fingerprints/landmarks/hashes';
import {
  findLandmarkMatches,
  type LandmarkMatch,
  type LandmarkQuery,
} from '../apps/api/src/modules/fingerprints/landmarks/match';
import { FRAME_S, type Peak } from '../apps/api/src/modules/fingerprints/landmarks/peaks';
import { landmarkSource } from '../apps/api/src/modules/fingerprints/service';
import { postgresCpuReader } from './lib/api-child';
import { captureDdl, dropDeferred, restore } from './lib/deferred-ddl';
import { loader } from './lib/landmark-load';
import {
  baseSeed,
  mixRaw,
  type Placed,
  playedAt,
  read,
  rng,
  setLayout,
  trackRaw,
} from './lib/landmark-music';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const HOURS = arg('hours', 10_000);
const QUERIES = arg('queries', 200);
/** Generator processes: the synthesis is CPU-bound, one process per core. */
const WORKERS = arg('workers', 2);
/** `--until 08:20` (UTC): the heard-in passes stop taking new queries then, so a busy machine still reports. */
const untilArg = process.argv[process.argv.indexOf('--until') + 1];
const UNTIL = process.argv.includes('--until')
  ? Date.parse(`${new Date().toISOString().slice(0, 10)}T${untilArg}:00Z`)
  : Infinity;
const late = () => Date.now() > UNTIL;
const url = process.env.DATABASE_URL ?? '';
if (!url.startsWith('postgres://'))
  throw new Error('DATABASE_URL must be a postgres:// URL (scripts/pg-server.sh start)');
/** A GET request's limits (READ_STATEMENT_TIMEOUT_MS, LOCK_TIMEOUT_MS defaults): heard-in runs under them. */
const READ_LIMITS = { statementTimeoutMs: 5000, lockTimeoutMs: 3000 };
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const log = (text: string) => console.log(`${text}  [load ${load()}]`);
const pctl = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))] ?? 0;
const dist = (v: number[]) => ({
  p50: pctl(v, 0.5),
  p95: pctl(v, 0.95),
  p99: pctl(v, 0.99),
  max: pctl(v, 1),
});
const fmt = (d: { p50: number; p95: number; p99: number; max: number }, unit = 'ms') =>
  `p50 ${d.p50.toFixed(0)} / p95 ${d.p95.toFixed(0)} / p99 ${d.p99.toFixed(0)} / max ${d.max.toFixed(0)} ${unit}`;
const results: Record<string, unknown> = {
  hours: HOURS,
  queries: QUERIES,
  startedAt: new Date().toISOString(),
};

const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
const db = database.db;
await migrate(database);
const pool = new pg.Pool({ connectionString: url, max: 2 });
const pgCpu = await postgresCpuReader(pool);
const one = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T;

// 1. generate: the base sets not loaded yet, then the planted copies and the mix, written again
const BASE = 'landmark-bench base ';
await pool.query(
  `delete from sets where set_name like 'landmark-bench %' and (set_name not like $1
  or not exists (select 1 from set_landmarks l where l.set_id = sets.id))`,
  [`${BASE}%`],
);
const have = await one<{ n: number }>(`select count(*)::int as n from sets where set_name like $1`, [
  `${BASE}%`,
]);
const insertSets = async (names: string[]) =>
  (
    await pool.query<{ id: number }>(
      `insert into sets (set_name, artist, release_date, duration_ms, audio_path)
       select n, 'Landmark Bench', '2024-05-01', 3600000, '/media/landmark-bench/' || o || '.mp3'
       from unnest($1::text[]) with ordinality as u(n, o) order by o returning id`,
      [names],
    )
  ).rows.map((r) => r.id);
const client = new pg.Client({ connectionString: url });
await client.connect();
const ddl = await captureDdl(client, ['landmark_postings']);
const started = performance.now();
await dropDeferred(client, ddl);
let written = 0;
const toWrite = Math.max(0, HOURS - have.n);
const newIds: number[] = [];
for (let from = have.n; from < HOURS; from += 1000)
  newIds.push(
    ...(await insertSets(
      Array.from({ length: Math.min(1000, HOURS - from) }, (_, i) => `${BASE}${from + i}`),
    )),
  );
let made = 0;
await Promise.all(
  Array.from({ length: toWrite > 0 ? WORKERS : 0 }, async (_, offset) => {
    const job = { url, from: have.n, to: HOURS, step: WORKERS, offset, ids: newIds };
    const child = fork(new URL('./lib/landmark-worker.ts', import.meta.url).pathname, [JSON.stringify(job)], {
      execArgv: ['--import', 'tsx'],
    });
    let mine = 0;
    child.on('message', (m: { set?: number; written: number; done?: boolean }) => {
      written += m.written - mine;
      mine = m.written;
      if (m.done || ++made % 50 !== 0) return;
      const rate = (made * 3600) / ((performance.now() - started) / 1000);
      log(
        `generated ${made}/${toWrite} new sets (${written.toLocaleString()} postings, ${rate.toFixed(0)}× real time)`,
      );
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`a generator process exited with ${code}`);
  }),
);
const sink = loader(url);
// the planted copies: one distinct base track each, played faster or slower, as a set of its own
interface Planted {
  baseId: number;
  placed: Placed;
  fromS: number;
  copyId: number;
  speed: number;
  keyLock: boolean;
}
const baseIds = new Map(
  (
    await pool.query<{ id: number; n: number }>(
      `select id, substr(set_name, $2)::int as n from sets where set_name like $1`,
      [`${BASE}%`, BASE.length + 1],
    )
  ).rows.map((r) => [r.n, r.id]),
);
const planted: Planted[] = [];
const copyIds = await insertSets(Array.from({ length: QUERIES }, (_, q) => `landmark-bench copy ${q}`));
for (let q = 0; q < QUERIES; q++) {
  const r = rng(q * 7919 + 1);
  const index = Math.floor(((q + 0.5) * HOURS) / QUERIES);
  const tracks = setLayout(baseSeed(index));
  const placed = tracks[1 + (q % (tracks.length - 2))] as Placed;
  const fromS = placed.start * FRAME_S + 20 + r() * (placed.seconds - 40 - 54);
  const speed = 0.9 + r() * 0.2;
  const keyLock = r() < 0.5;
  const copyId = copyIds[q] as number;
  const peaks = read(playedAt(trackRaw(placed.seed, placed.seconds), speed, keyLock, q + 99));
  written += await sink.add(copyId, `/x/${copyId}`, peaks);
  planted.push({ baseId: baseIds.get(index) as number, placed, fromS, copyId, speed, keyLock });
}
// the untracked mix: fresh tracks, and every other slot a base track played at 0.94–1.06×
const [mixId] = await insertSets(['landmark-bench mix']);
const mixTracks: { placed: Placed; raw: Peak[]; copyOf?: number }[] = []; // copyOf: a base set's number
{
  const r = rng(4242);
  let at = 0;
  for (let i = 0; at < 3600 / FRAME_S; i++) {
    const fresh = setLayout(0xabcdef + i)[0] as Placed;
    const baseIndex = Math.floor(r() * HOURS);
    const base = setLayout(baseSeed(baseIndex))[2] as Placed;
    const speed = 0.94 + r() * 0.12;
    const raw =
      i % 2 === 0
        ? trackRaw(fresh.seed, fresh.seconds)
        : playedAt(trackRaw(base.seed, base.seconds), speed, r() < 0.5, i);
    const seconds = i % 2 === 0 ? fresh.seconds : base.seconds / speed;
    const start = Math.max(0, at - 24 / FRAME_S);
    mixTracks.push({
      placed: { seed: 0, seconds, start, end: start + seconds / FRAME_S },
      raw,
      ...(i % 2 ? { copyOf: baseIndex } : {}),
    });
    at = start + seconds / FRAME_S;
  }
}
const mixPeaks = read(mixRaw(mixTracks));
written += await sink.add(mixId as number, `/x/${mixId}`, mixPeaks);
await sink.end();
const loadS = (performance.now() - started) / 1000;
log(
  `loaded ${written.toLocaleString()} postings (${toWrite} new base sets, ${QUERIES} copies, 1 mix) in ${loadS.toFixed(0)} s by COPY, indexes dropped`,
);
const builds: Record<string, number> = {};
for (const s of [...ddl.indexes, ...ddl.foreignKeys]) {
  const t0 = performance.now();
  await restore(client, [s]);
  builds[s.name] = Math.round(performance.now() - t0);
}
// COPY writes postings without the job's count of each key's sets (landmark_keys): made again whole
let t0 = performance.now();
await client.query('truncate landmark_keys');
await client.query(
  'insert into landmark_keys (key, sets) select key, count(distinct set_id)::int from landmark_postings group by key having count(distinct set_id) >= 2',
);
builds.landmarkKeys = Math.round(performance.now() - t0);
t0 = performance.now();
await client.query('vacuum analyze landmark_postings, set_landmarks, landmark_keys');
builds.vacuumAnalyze = Math.round(performance.now() - t0);
await client.end();
log(`indexes built after loading (ms): ${JSON.stringify(builds)}`);
results.load = {
  newBaseSets: toWrite,
  postingsWritten: written,
  seconds: Math.round(loadS),
  buildMs: builds,
  load: load(),
};

// 2. sizes per 1,000 hours of audio, and postings per key
const totals = await one<{ sets: number; seconds: number; landmarks: number; peak_bytes: number }>(
  `select count(*)::int as sets, sum(seconds)::float8 as seconds, sum(landmarks)::float8 as landmarks,
          sum(octet_length(peaks))::float8 as peak_bytes from set_landmarks`,
);
const hours = totals.seconds / 3600;
const per1000 = (bytes: number) => `${(((bytes / hours) * 1000) / 2 ** 30).toFixed(2)} GB`;
const rels = (
  await pool.query<{ name: string; bytes: number }>(
    `select c.relname as name, pg_relation_size(c.oid)::float8 as bytes from pg_class c
     where c.relname in ('landmark_postings', 'landmark_postings_key_idx', 'landmark_postings_set_idx', 'set_landmarks',
                         'set_landmarks_pkey', 'set_landmarks_status_idx', 'landmark_keys', 'landmark_keys_pkey')
     union all select 'landmark_postings total', pg_total_relation_size('landmark_postings')::float8
     union all select 'set_landmarks total', pg_total_relation_size('set_landmarks')::float8
     union all select 'landmark_keys total', pg_total_relation_size('landmark_keys')::float8`,
  )
).rows;
log(
  `${totals.sets} sets, ${hours.toFixed(0)} h of audio, ${totals.landmarks.toLocaleString()} postings (${(totals.landmarks / totals.seconds).toFixed(1)}/s), peaks ${(totals.peak_bytes / totals.seconds).toFixed(0)} B/s`,
);
for (const r of rels)
  log(
    `  ${r.name.padEnd(26)} ${(r.bytes / 2 ** 20).toFixed(0).padStart(8)} MB  = ${per1000(r.bytes)} per 1,000 h (${(r.bytes / totals.landmarks).toFixed(1)} B/posting)`,
  );
t0 = performance.now();
const histogram = (
  await pool.query<{ n: number; keys: number }>(
    `select n::int, count(*)::int as keys from (select count(*) as n from landmark_postings group by key) k group by n order by n`,
  )
).rows;
const keyCount = histogram.reduce((a, h) => a + h.keys, 0);
const byKey = (p: number) => {
  let seen = 0;
  for (const h of histogram) {
    seen += h.keys;
    if (seen >= p * keyCount) return h.n;
  }
  return histogram.at(-1)?.n ?? 0;
};
// what a looked-up posting's key holds: a query's keys are music's common keys too
const byPosting = (p: number) => {
  let seen = 0;
  for (const h of histogram) {
    seen += h.keys * h.n;
    if (seen >= p * totals.landmarks) return h.n;
  }
  return histogram.at(-1)?.n ?? 0;
};
const perKey = {
  keys: keyCount,
  p50: byKey(0.5),
  p99: byKey(0.99),
  max: histogram.at(-1)?.n ?? 0,
  postingWeightedP50: byPosting(0.5),
  postingWeightedP99: byPosting(0.99),
};
log(
  `postings per key: ${keyCount.toLocaleString()} keys used; p50 ${perKey.p50}, p99 ${perKey.p99}, max ${perKey.max}; a posting's key holds p50 ${perKey.postingWeightedP50}, p99 ${perKey.postingWeightedP99} (${((performance.now() - t0) / 1000).toFixed(0)} s to count)`,
);
results.storage = {
  ...totals,
  hours,
  relations: Object.fromEntries(rels.map((r) => [r.name, r.bytes])),
  perKey,
  load: load(),
};

const reason = (error: unknown) =>
  ((error as { cause?: Error }).cause?.message ?? (error as Error).message).slice(0, 200);
const asRead = <T>(fn: () => Promise<T>) => runWithStatementLimits(READ_LIMITS, fn);

// 4. the untracked mix scanned as setSuggestions does: loadPeaks, then windows of 180 s overlapping
// by 30 s at SCAN_DENSITY, each matched with several stretches per set
if (!process.argv.includes('--no-scan')) {
  const cpu0 = process.cpuUsage();
  const pg0 = pgCpu?.() ?? 0;
  const w0 = performance.now();
  const scanned: LandmarkMatch[] = [];
  let scanPostings = 0;
  const scanTimeouts: string[] = [];
  await asRead(async () => {
    const peaks = (await loadPeaks(db, mixId as number)) ?? [];
    const durationS = (peaks.at(-1)?.t ?? 0) * FRAME_S;
    const source = landmarkSource(db);
    const counting = {
      ...source,
      lookup: async (k: number[], e: number[]) => {
        const rows = await source.lookup(k, e);
        scanPostings += rows.length;
        return rows;
      },
    };
    for (let from = 0; from < durationS; from += 150) {
      const part = peaks.filter((p) => p.t >= from / FRAME_S && p.t < (from + 180) / FRAME_S);
      const query = { peaks: part, landmarks: queryLandmarks(part, SCAN_DENSITY) };
      const opts = { exceptSets: [mixId as number], several: true };
      try {
        scanned.push(...(await findLandmarkMatches(query, counting, opts)));
      } catch (error) {
        // a GET request's statement timeout: the API would answer 503; the window is done again
        // without the limit, so the CPU figure is the whole scan's
        scanTimeouts.push(`${from} s: ${reason(error)}`);
        scanned.push(
          ...(await runWithStatementLimits({ statementTimeoutMs: 0, lockTimeoutMs: 0 }, () =>
            findLandmarkMatches(query, counting, opts),
          )),
        );
      }
      if (from + 180 >= durationS) break;
    }
  });
  const cpu = process.cpuUsage(cpu0);
  const copiesFound = mixTracks.filter(
    (t) => t.copyOf !== undefined && scanned.some((m) => m.setId === baseIds.get(t.copyOf as number)),
  ).length;
  const scan = {
    copiesFound,
    timeouts: scanTimeouts,
    wallS: (performance.now() - w0) / 1000,
    apiCpuS: (cpu.user + cpu.system) / 1e6,
    postgresCpuS: ((pgCpu?.() ?? 0) - pg0) / 1000,
    postings: scanPostings,
    matches: scanned.length,
    copiesInMix: mixTracks.filter((t) => t.copyOf !== undefined).length,
    load: load(),
  };
  log(
    `scan of a 1-hour untracked mix: ${scan.wallS.toFixed(1)} s wall, CPU ${scan.apiCpuS.toFixed(1)} s API + ${scan.postgresCpuS.toFixed(1)} s PostgreSQL; ${scanPostings.toLocaleString()} postings read, ${scanned.length} stretches found; ${copiesFound} of the mix's ${scan.copiesInMix} copied tracks found; ${scanTimeouts.length} windows over the 5 s statement timeout`,
  );
  results.scan = scan;
}

// 3. heard-in: each planted track's 54 s stretch looked up as the service does (queryOf over a stretch
// of 75 s or less is one query of every landmark in it), under a GET request's statement limits
/** As service.ts's queryOf for a stretch of at most 3 probes' length. */
const queryOf = (peaks: Peak[], fromS: number, toS: number): LandmarkQuery => {
  const part = peaks.filter((p) => p.t >= fromS / FRAME_S && p.t < toS / FRAME_S);
  return { peaks: part, landmarks: queryLandmarks(part) };
};
const full: number[] = [];
const lookupInFull: number[] = [];
const verifyLoads: number[] = [];
const postingsPerQuery: number[] = [];
const keysPerQuery: number[] = [];
const queryKeys: number[][] = [];
let found = 0;
let wrongPlace = 0;
let others = 0;
let failures = 0;
const speedErr: number[] = [];
for (const [n, p] of planted.entries()) {
  if (late()) break;
  if (n % 10 === 0)
    log(
      `heard-in query ${n}/${planted.length}: so far ${fmt(dist(full))}, postings p50 ${pctl(postingsPerQuery, 0.5)}`,
    );
  const peaks = (await loadPeaks(db, p.baseId)) ?? [];
  const query = queryOf(peaks, p.fromS, p.fromS + 54);
  const keys = [...new Set(query.landmarks.flatMap((l) => l.keys))];
  queryKeys.push(keys);
  keysPerQuery.push(keys.length);
  const source = landmarkSource(db);
  let lookupMs = 0;
  let loads = 0;
  const timed = {
    lookup: async (k: number[], except: number[]) => {
      const a = performance.now();
      const rows = await source.lookup(k, except);
      lookupMs += performance.now() - a;
      postingsPerQuery.push(rows.length);
      return rows;
    },
    peaks: (id: number) => {
      loads += 1;
      return source.peaks(id);
    },
  };
  const a = performance.now();
  let matches: LandmarkMatch[] = [];
  try {
    matches = await asRead(() =>
      findLandmarkMatches(query, timed, { exceptSets: [p.baseId], reachS: Number.POSITIVE_INFINITY }),
    );
  } catch (error) {
    failures += 1;
    console.error(`query on set ${p.baseId} failed: ${reason(error)}`);
  }
  full.push(performance.now() - a);
  lookupInFull.push(lookupMs);
  verifyLoads.push(loads);
  const copy = matches.find((m) => m.setId === p.copyId);
  // the copy's time for the match's own start in the query: (set time - track start) / speed
  const expected = copy ? (copy.queryStartS - p.placed.start * FRAME_S) / p.speed : 0;
  if (copy && Math.abs(copy.startS - expected) < 3) {
    found += 1;
    speedErr.push(Math.abs(copy.speed - p.speed));
  } else if (copy) wrongPlace += 1;
  others += matches.filter((m) => m.setId !== p.copyId).length;
}
const alone: number[] = [];
let aloneTimeouts = 0;
for (const [i, p] of planted.entries()) {
  if (i >= full.length) break;
  const a = performance.now();
  try {
    await asRead(() => lookupLandmarks(db, queryKeys[i] ?? [], [p.baseId]));
  } catch {
    aloneTimeouts += 1;
  }
  alone.push(performance.now() - a);
}
const heard = {
  full: dist(full),
  lookupInFull: dist(lookupInFull),
  lookupAlone: dist(alone),
  keys: dist(keysPerQuery),
  postings: dist(postingsPerQuery),
  verifyLoads: dist(verifyLoads),
  queriesRun: full.length,
  recall: found / full.length,
  found,
  wrongPlace,
  otherSetsMatched: others,
  failures,
  aloneTimeouts,
  speedErrorP95: pctl(speedErr, 0.95),
  load: load(),
};
log(`heard-in, ${full.length} distinct tracks (54 s each): findLandmarkMatches ${fmt(heard.full)}`);
log(`  its lookup ${fmt(heard.lookupInFull)}; the lookup alone afterwards ${fmt(heard.lookupAlone)}`);
log(
  `  keys per query ${fmt(heard.keys, '')}, postings returned ${fmt(heard.postings, '')}, sets verified ${fmt(heard.verifyLoads, '')}`,
);
log(
  `  recall ${(100 * heard.recall).toFixed(1)} % (${found}/${full.length}; ${wrongPlace} at a wrong place), other sets matched ${others}, failed ${failures}, speed error p95 ${heard.speedErrorP95.toFixed(3)}`,
);
const plan = await pool.query(
  `explain (analyze, buffers, format json) select key, set_id as "setId", t, detail from landmark_postings
   where key = any(array(
       select u.key from unnest($1::int4[]) as u(key)
       where not exists (select 1 from landmark_keys k where k.key = u.key and k.sets > $3)))
     and not (set_id = any($2::int4[]))`,
  [queryKeys[0] ?? [], [planted[0]?.baseId ?? 0], await hotKeyLimit(db)],
);
results.heardIn = { ...heard, explain: plan.rows[0] };
const root = (
  plan.rows[0] as { 'QUERY PLAN': { Plan: Record<string, unknown>; 'Execution Time': number }[] }
)['QUERY PLAN'][0];
log(
  `  the first query's lookup plan: ${root?.Plan['Node Type']} (${root?.Plan['Actual Rows']} rows) in ${root?.['Execution Time']?.toFixed(0)} ms`,
);

mkdirSync('bench/results', { recursive: true });
const out = `bench/results/landmark-index-${HOURS}h.json`;
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${out}`);
await pool.end();
await database.close();
