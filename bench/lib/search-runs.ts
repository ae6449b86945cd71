// The search benchmark's query streams and its fixed-rate runs: distinct queries (none repeated in a
// run, in the mix's proportions of kinds), or a Zipf-distributed repeat pattern over a hot set, sent
// at a fixed arrival rate; each run reports latency from each request's scheduled start and the CPU
// the API process and PostgreSQL's backends spent per call together.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { normaliseName } from '@cratedig/contract/search-normalise';
import type { BenchQuery } from './search-queries';

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
export const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(pct(s, 50)), p90: r(pct(s, 90)), p99: r(pct(s, 99)), max: r(s.at(-1) ?? 0) };
};

/** mulberry32: the same streams on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One query per normalised text (the server sees 'Âme' and 'ame' as the same query), shuffled. */
export function distinctShuffled(mix: BenchQuery[], seed = 7): BenchQuery[] {
  const seen = new Set<string>();
  const unique = mix.filter((q) => {
    const key = normaliseName(q.s);
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const random = prng(seed);
  for (let i = unique.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j] as BenchQuery, unique[i] as BenchQuery];
  }
  return unique;
}

/** `n` draws from `hot` with P(rank k) ∝ 1/k (Zipf, s = 1): a few queries very often, most rarely. */
export function zipfStream(hot: BenchQuery[], n: number, seed = 11): BenchQuery[] {
  const weights = hot.map((_, k) => 1 / (k + 1));
  const cumulative: number[] = [];
  weights.reduce((sum, w, k) => {
    cumulative[k] = sum + w;
    return sum + w;
  }, 0);
  const total = cumulative.at(-1) ?? 1;
  const random = prng(seed);
  return Array.from({ length: n }, () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return hot[lo] as BenchQuery;
  });
}

export interface RateRun {
  queries: number;
  distinct: number;
  rate: number;
  load: [number, number];
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  firstError?: string;
  /** API process + PostgreSQL backends, CPU ms per completed call (null when /proc is unreadable). */
  cpuPerCall: number | null;
  apiCpuPerCall: number | null;
  sqlCpuPerCall: number | null;
  /** The load generator's own CPU ms per call (this process: sending, reading, timing, reading /proc). */
  loadGenCpuPerCall: number;
  /**
   * The state the run found the machine in, per call: PostgreSQL's blocks found in its shared buffers
   * and read from the operating system, and minor page faults of the API and of PostgreSQL's processes
   * (bench/README.md "Search under listeners' load": a cold cache costs more than the search).
   */
  state?: { blocksHit: number; blocksRead: number; apiFaults: number | null; sqlFaults: number | null };
  /**
   * The p99 of the requests due in each second of the run, in order: a tail that is all in the first
   * seconds is a warm-up (connections opened, caches filled), not the steady state.
   */
  p99BySecond: number[];
}

/** Sends `stream` at `rate` requests/s; latency counts from each request's scheduled start. */
export async function runAtRate(
  stream: BenchQuery[],
  rate: number,
  request: (q: BenchQuery) => Promise<void>,
  cpu: { api: () => number | null; sql: (() => number) | null },
  state?: {
    blocks: () => Promise<{ hit: number; read: number }>;
    apiFaults: () => number | null;
    sqlFaults: (() => number) | null;
  },
): Promise<RateRun> {
  /** Latencies by the second of the run their request was due in. */
  const bySecond: number[][] = [];
  let errors = 0;
  let firstError: string | undefined;
  const load0 = loadavg()[0] ?? 0;
  const api0 = cpu.api();
  const sql0 = cpu.sql?.() ?? null;
  const blocks0 = await state?.blocks();
  const faults0 = { api: state?.apiFaults() ?? null, sql: state?.sqlFaults?.() ?? null };
  const own0 = process.cpuUsage();
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < stream.length; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      request(stream[i] as BenchQuery).then(
        () => {
          const ms = performance.now() - due;
          const second = Math.floor((due - start) / 1000);
          const inSecond = bySecond[second] ?? [];
          inSecond.push(ms);
          bySecond[second] = inSecond;
        },
        (error: Error) => {
          errors++;
          firstError ??= String(error.cause ?? error.message);
        },
      ),
    );
  }
  await Promise.all(pending);
  const own = process.cpuUsage(own0);
  const api1 = cpu.api();
  const sql1 = cpu.sql?.() ?? null;
  const faults1 = { api: state?.apiFaults() ?? null, sql: state?.sqlFaults?.() ?? null };
  // PostgreSQL reports its counts a moment after each transaction
  if (state) await new Promise((r) => setTimeout(r, 1100));
  const blocks1 = await state?.blocks();
  const latencies = bySecond.flat();
  const calls = Math.max(1, latencies.length + errors);
  const per = (a: number | null, b: number | null) =>
    a === null || b === null ? null : Math.round(((b - a) / calls) * 100) / 100;
  const apiCpu = per(api0, api1);
  const sqlCpu = per(sql0, sql1);
  return {
    queries: stream.length,
    distinct: new Set(stream.map((q) => normaliseName(q.s))).size,
    rate,
    load: [Math.round(load0 * 10) / 10, Math.round((loadavg()[0] ?? 0) * 10) / 10],
    ...summary(latencies),
    errors,
    ...(firstError ? { firstError } : {}),
    cpuPerCall: apiCpu === null || sqlCpu === null ? null : Math.round((apiCpu + sqlCpu) * 100) / 100,
    apiCpuPerCall: apiCpu,
    sqlCpuPerCall: sqlCpu,
    loadGenCpuPerCall: Math.round(((own.user + own.system) / 1000 / calls) * 100) / 100,
    p99BySecond: Array.from(bySecond, (ms) => summary(ms ?? []).p99),
    ...(blocks0 && blocks1
      ? {
          state: {
            blocksHit: Math.round((blocks1.hit - blocks0.hit) / calls),
            blocksRead: Math.round(((blocks1.read - blocks0.read) / calls) * 10) / 10,
            apiFaults: per(faults0.api, faults1.api),
            sqlFaults: per(faults0.sql, faults1.sql),
          },
        }
      : {}),
  };
}

/**
 * The listeners a search bench takes turns among: `first`, then bench-search-1 … (made when missing),
 * `n` in all. `run` runs one SQL text and answers its rows.
 */
export async function searchListeners(
  run: (q: string) => Promise<{ rows: unknown[] }>,
  first: number,
  n: number,
): Promise<number[]> {
  const listeners = [first];
  for (let i = listeners.length; i < n; i++) {
    const name = `bench-search-${i}`;
    await run(
      `insert into users (username, email) values ('${name}', '${name}@example.test') on conflict do nothing`,
    );
    const { rows } = await run(`select id from users where username = '${name}'`);
    listeners.push(Number((rows[0] as { id: number }).id));
  }
  return listeners;
}
