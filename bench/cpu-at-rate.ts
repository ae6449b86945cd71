// What the same piece of work costs in CPU at different arrival rates on this machine: the baseline for
// any "CPU per call" figure measured at a fixed rate (bench:search). Each unit is a fixed amount of
// JavaScript: `allocating` builds 20,000 small objects (as a request's handling allocates), `arithmetic`
// only computes. Units are started on a schedule of `rate` per second for BENCH_SECONDS (default 8),
// each rate twice in a shuffled order; the CPU is this process's (process.cpuUsage: user + system, the
// garbage collector's threads included) divided by the units run.
//   npm run bench:cpu-at-rate
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATES = [50, 100, 200, 400];

const units = {
  allocating: () => {
    const list: { i: number; s: string }[] = [];
    let n = 0;
    for (let i = 0; i < 20_000; i++) {
      list.push({ i, s: `k${i}` });
      n += list[i]?.s.length ?? 0;
    }
    return n;
  },
  arithmetic: () => {
    let x = 0;
    for (let i = 0; i < 1_500_000; i++) x = (x * 31 + i) | 0;
    return x;
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU ms per unit at `rate` units a second. */
async function cpuPerUnit(unit: () => number, rate: number): Promise<number> {
  const n = rate * SECONDS;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let k = 0; k < n; k++) {
    const wait = t0 + (k * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    unit();
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / n;
}

const result: Record<string, Record<string, number[]>> = {};
const load0 = loadavg()[0] ?? 0;
for (const [name, unit] of Object.entries(units)) {
  for (let i = 0; i < 300; i++) unit(); // compiled before it is measured
  const byRate: Record<string, number[]> = {};
  for (const rate of [...RATES, ...[...RATES].reverse()]) {
    const ms = await cpuPerUnit(unit, rate);
    byRate[rate] = [...(byRate[rate] ?? []), Math.round(ms * 1000) / 1000];
    console.error(name, rate, ms.toFixed(3));
  }
  result[name] = byRate;
}
console.log(
  JSON.stringify(
    { load: [Math.round(load0 * 10) / 10, Math.round((loadavg()[0] ?? 0) * 10) / 10], cpuMsPerUnit: result },
    null,
    2,
  ),
);
