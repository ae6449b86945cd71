// Catalogue API benchmark: every list endpoint for every sort (both directions, the
// first page and offset 1000, with a genre filter and the followed filter), every detail endpoint and
// tab, every featured list, on the large generated catalogue in a PostgreSQL server. Not part of
// `npm test`.
//
//   DATABASE_URL=$(bash scripts/pg-server.sh url) node --import tsx bench/catalogue-api.ts [name regexp ...]
//
// For each shape: autocannon at 32 connections against the real app on a loopback port (signed-in
// user, pool of 16), then the same SQL statement(s) directly through the pg driver at the same
// concurrency, and the ratio of the API's p50 to the driver's. The app runs in a child process
// (bench/lib/catalogue-api-server.ts) so autocannon does not take the API's event loop, as in a real
// deployment where the clients are elsewhere; BENCH_API_IN_PROCESS=1 runs it in this process instead
// (the old, pessimistic measurement). BENCH_API_CPU_PROF=<dir> writes the child's CPU profile there. Also checks that every whole-catalogue
// list's pagination.total equals a direct count. Prints a table; writes bench/results/catalogue-api-*.json.
// Sampling is described in bench/lib/catalogue-shapes.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LIST_TOTAL_CAP } from '@cratedig/contract/common';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { type AppConfig, loadConfig, resolveJwtSecret } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { withPlanName } from '../apps/api/src/db/plan-cache';
import { accessTokenKey, signAccessToken } from '../apps/api/src/lib/tokens';
import { listStatement, toDriverQuery } from '../apps/api/src/modules/catalogue/queries';
import { startApiChild } from './lib/api-child';
import { ensureBenchUser } from './lib/catalogue-bench-user';
import { catalogueShapes, type Shape } from './lib/catalogue-shapes';

const CONNECTIONS = 32;
const API_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 2.5);
const SQL_SECONDS = Number(process.env.BENCH_SQL_SECONDS ?? 1);
const POOL_MAX = 16;
const TARGET = { p95Ms: 25, rps: 1000 };
const IN_PROCESS = process.env.BENCH_API_IN_PROCESS === '1';
const CPU_PROF_DIR = process.env.BENCH_API_CPU_PROF;

interface RunningApi {
  address: string;
  /**
   * CPU time (user + system, ms) the API process has used so far, or null in process (it would count
   * autocannon too). Per request it is the API's cost, and it holds up on a busy machine far better
   * than latency or req/s do.
   */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/** The app in this process (BENCH_API_IN_PROCESS=1): autocannon and the API share one event loop. */
async function startInProcess(config: AppConfig, databaseUrl: string): Promise<RunningApi> {
  const database = await openDatabase({ databaseUrl, poolMax: POOL_MAX });
  const app = await buildApp(config, { database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    cpuMs: () => null,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The app in a child process with the same settings; resolves once it listens. */
async function startChild(env: Record<string, string>): Promise<RunningApi> {
  const args = CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  return await startApiChild({ ...env, BENCH_POOL_MAX: String(POOL_MAX) }, args);
}

interface Row {
  name: string;
  url: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** API process CPU ms per request (child mode), null in process. */
  cpuPerReq: number | null;
  sqlP50: number;
  sqlP95: number;
  ratio: number;
  totalOk: boolean | null;
  pass: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function runApi(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<Row, 'name' | 'url' | 'cpuPerReq' | 'sqlP50' | 'sqlP95' | 'ratio' | 'totalOk' | 'pass'>> {
  const times: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: API_SECONDS, headers },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status !== 200) errors += 1;
      times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.total / API_SECONDS,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + result.errors + result.timeouts,
  };
}

/**
 * The same statements straight through the driver, CONNECTIONS callers sharing a POOL_MAX pool, and
 * prepared as the API prepares them (db/plan-cache.ts).
 */
async function runSql(pool: pg.Pool, shape: Shape, named: boolean): Promise<{ p50: number; p95: number }> {
  const queries = shape.statements.map(toDriverQuery);
  const times: number[] = [];
  const end = performance.now() + SQL_SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      // A tab runs its existence check and its list in parallel, as the service does.
      // behind PgBouncer in transaction mode the API sends them unnamed, and so does the baseline
      await Promise.all(
        queries.map((q) =>
          pool.query(
            named ? withPlanName({ text: q.sql, values: q.params }) : { text: q.sql, values: q.params },
          ),
        ),
      );
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) {
    console.error(
      'catalogue-api bench: set DATABASE_URL to the PostgreSQL server holding the large catalogue.',
    );
    process.exit(2);
  }
  // Each argument is a regular expression (a plain substring works too); a shape runs when its name
  // matches any of them, all shapes when there is none.
  const filters = process.argv.slice(2).map((f) => new RegExp(f));
  const dataDir = mkdtempSync(join(tmpdir(), 'cratedig-bench-'));
  const env = {
    CRATEDIG_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    // warn, as a production deployment would run (no per-request lines); in-process stays silent as before
    LOG_LEVEL: IN_PROCESS ? 'silent' : 'warn',
    SEED_DEMO: 'false',
    // One user sends every request: the per-user search limit would turn list searches into 429s.
    SEARCH_MAX: '1000000',
    PORT: '0',
  };
  const config = loadConfig({ ...process.env, ...env });
  // This process's own handle: migrations and the exact-total check only.
  const database = await openDatabase({ databaseUrl, poolMode: config.databasePoolMode, poolMax: 2 });
  await migrate(database);
  // Both processes read the same key from DATA_DIR (created here first).
  const signer = accessTokenKey(resolveJwtSecret(config));
  const api = IN_PROCESS ? await startInProcess(config, databaseUrl) : await startChild(env);
  const address = api.address;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX });

  const ids = await ensureBenchUser(pool);
  const token = await signAccessToken(signer, ids.userId);
  const headers = { authorization: `Bearer ${token}` };
  const shapes = catalogueShapes(ids).filter(
    (s) => filters.length === 0 || filters.some((f) => f.test(s.name)),
  );
  console.error(
    `catalogue-api bench: ${shapes.length} shapes, ${API_SECONDS}s API + ${SQL_SECONDS}s SQL each, ${CONNECTIONS} connections, API ${IN_PROCESS ? 'in this process' : 'in a child process'}`,
  );
  console.error(
    `  ids ${JSON.stringify(ids)}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  const rows: Row[] = [];
  const started = performance.now();
  for (const shape of shapes) {
    const url = `${address}${shape.url}`;
    // Warm up and check the answer (and its total, for whole-catalogue lists) once.
    const first = await fetch(url, { headers });
    const body = (await first.json()) as { pagination?: { total: number } };
    let totalOk: boolean | null = null;
    const params = shape.listParams;
    if (first.status === 200 && body.pagination && params && !params.followed && !params.scope) {
      // A `true` scope forces the counted path: count(*) over exactly the list's filter.
      const counted = await database.db.execute(
        listStatement({ ...params, scope: sql`true`, limit: 1, offset: 0 }),
      );
      const exact = (counted as unknown as { rows: { total: number }[] }).rows[0]?.total;
      // a total past the cap is answered as the cap, flagged total_capped (docs/decisions/0020-bounded-requests.md)
      const expected = exact !== undefined && exact > LIST_TOTAL_CAP ? LIST_TOTAL_CAP : exact;
      totalOk = expected === body.pagination.total;
    }
    const cpuBefore = api.cpuMs();
    const load = await runApi(url, headers);
    const cpuAfter = api.cpuMs();
    const direct = await runSql(pool, shape, config.databasePoolMode !== 'transaction');
    const row: Row = {
      name: shape.name,
      url: shape.url,
      ...load,
      errors: load.errors + (first.status === 200 ? 0 : 1),
      cpuPerReq:
        cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / (load.rps * API_SECONDS),
      sqlP50: direct.p50,
      sqlP95: direct.p95,
      ratio: load.p50 / direct.p50,
      totalOk,
      pass: load.p95 <= TARGET.p95Ms && load.rps >= TARGET.rps && load.errors === 0 && totalOk !== false,
    };
    rows.push(row);
    console.log(formatRow(row));
  }
  const elapsedS = (performance.now() - started) / 1000;

  await api.stop();
  await pool.end();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const passed = rows.filter((r) => r.pass).length;
  const summary = {
    shapes: rows.length,
    passed,
    worstP95: Math.max(...rows.map((r) => r.p95)),
    lowestRps: Math.min(...rows.map((r) => r.rps)),
    medianCpuPerReqMs: percentile(
      rows
        .map((r) => r.cpuPerReq)
        .filter((c): c is number => c !== null)
        .sort((a, b) => a - b),
      50,
    ),
    medianRatio: percentile(
      rows.map((r) => r.ratio).sort((a, b) => a - b),
      50,
    ),
    apiProcess: IN_PROCESS ? 'in-process' : 'child',
    elapsedS,
    loadAverageAfter: loadavg(),
    cpus: cpus().length,
  };
  console.log(
    `\n${passed}/${rows.length} shapes meet p95 <= ${TARGET.p95Ms} ms and >= ${TARGET.rps} req/s with exact totals`,
  );
  console.log(JSON.stringify(summary));
  const resultsDir = new URL('./results/', import.meta.url);
  mkdirSync(resultsDir, { recursive: true });
  const file = new URL(`catalogue-api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, resultsDir);
  writeFileSync(
    file,
    JSON.stringify({ target: TARGET, connections: CONNECTIONS, ids, summary, rows }, null, 2),
  );
  console.error(`saved ${file.pathname}`);
}

function formatRow(r: Row): string {
  const n = (v: number, w = 7, d = 1) => v.toFixed(d).padStart(w);
  return [
    r.name.padEnd(58),
    n(r.rps, 7, 0),
    n(r.p50),
    n(r.p95),
    n(r.p99),
    r.cpuPerReq === null ? '     -' : n(r.cpuPerReq, 6, 2),
    n(r.sqlP50, 6, 2),
    n(r.sqlP95, 6, 2),
    n(r.ratio, 5),
    r.totalOk === null ? '   -' : r.totalOk ? ' ok ' : ' BAD',
    r.errors ? ` errors=${r.errors}` : '',
    r.pass ? '' : ' MISS',
  ].join(' ');
}

console.log(
  `${'endpoint'.padEnd(58)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'cpu/r'.padStart(6)} ${'sql50'.padStart(6)} ${'sql95'.padStart(6)} ${'ratio'.padStart(5)} total`,
);
await main();
