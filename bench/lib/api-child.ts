// The real app in a child process for the benchmarks (bench/lib/catalogue-api-server.ts), so the load
// generator does not share the API's event loop, and what each side costs in CPU can be read from
// /proc: the API process, and PostgreSQL's backends (the postmaster's children).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';

/** USER_HZ: 100 on every Linux build that matters here. */
const CLOCK_TICKS_PER_S = 100;

/** /proc/<pid>/stat fields after the parenthesised command name (proc(5): state is the 3rd field). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process, in ms (null when it is gone or /proc is missing). */
export function processCpuMs(pid: number): number | null {
  const fields = statFields(pid);
  if (!fields) return null;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/** Resident memory of a process in MB (VmRSS), null when unknown. */
export function processRssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * A reader of a sum over a PostgreSQL server's processes, from their /proc stat fields: `own` of the
 * postmaster (which can include its reaped children's, so backends that exited still count) plus
 * `child` of every live child. Null when the server is not on this machine.
 */
async function postgresStatReader(
  pool: pg.Pool,
  own: (fields: string[]) => number,
  child: (fields: string[]) => number,
): Promise<(() => number) | null> {
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  const backend = rows[0]?.pid;
  const postmaster = backend === undefined ? undefined : Number(statFields(backend)?.[1]);
  if (!postmaster || !statFields(postmaster)) return null;
  return () => {
    const fields = statFields(postmaster);
    let sum = fields ? own(fields) : 0;
    for (const pid of readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').split(' ')) {
      const childFields = pid.trim() ? statFields(Number(pid)) : null;
      if (childFields) sum += child(childFields);
    }
    return sum;
  };
}

const field = (fields: string[], i: number) => Number(fields[i]);

/**
 * CPU ms used so far by a PostgreSQL server's processes: the postmaster's own and its reaped
 * children's (cutime + cstime, so backends that exited still count) plus every live child's.
 */
export async function postgresCpuReader(pool: pg.Pool): Promise<(() => number) | null> {
  const ticks = await postgresStatReader(
    pool,
    (f) => field(f, 11) + field(f, 12) + field(f, 13) + field(f, 14),
    (f) => field(f, 11) + field(f, 12),
  );
  return ticks && (() => (ticks() * 1000) / CLOCK_TICKS_PER_S);
}

/** Minor page faults of a process so far (null when it is gone or /proc is missing). */
export function processMinorFaults(pid: number): number | null {
  const fields = statFields(pid);
  return fields ? field(fields, 7) : null;
}

/**
 * Minor page faults so far of a PostgreSQL server's processes (minflt and cminflt of the postmaster,
 * minflt of every live child), as postgresCpuReader reads their CPU. On a virtual machine a fault can
 * cost tens of microseconds, and each backend faults once on every page of shared memory it touches
 * for the first time (unless the server's shared memory is in huge pages): a young pool of connections
 * pays it on every search.
 */
export function postgresFaultsReader(pool: pg.Pool): Promise<(() => number) | null> {
  return postgresStatReader(
    pool,
    (f) => field(f, 7) + field(f, 8),
    (f) => field(f, 7),
  );
}

/**
 * Blocks the database's statements found in PostgreSQL's shared buffers and blocks they had to read
 * from the operating system so far (pg_stat_database): reads per search say whether a run found the
 * catalogue in memory or on disk (a freshly generated or restarted server's files may be in neither
 * cache), which weighs more than any change to the search.
 */
export async function postgresBlocks(pool: pg.Pool): Promise<{ hit: number; read: number }> {
  const { rows } = await pool.query<{ hit: string; read: string }>(
    'select blks_hit as hit, blks_read as read from pg_stat_database where datname = current_database()',
  );
  return { hit: Number(rows[0]?.hit ?? 0), read: Number(rows[0]?.read ?? 0) };
}

/**
 * The server's `fsync` and `synchronous_commit`: whether a commit waits for the disk (scripts/
 * pg-server.sh's clusters turn both off unless started with PG_DURABLE=1), so a bench's figures say
 * how the server was set. A search writes nothing; the search limit's merges commit about once a
 * second per instance.
 */
export async function postgresDurability(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit')`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}

export interface ApiChild {
  address: string;
  /** What the server said besides its address when it was ready (e.g. its search index's figures). */
  info: Record<string, unknown>;
  pid: number;
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/**
 * Starts the app in a child process with `env` on top of this one's; resolves once it listens.
 * `checkout`: another checkout of Cratedig whose app to start (its own bench entry), e.g. a baseline.
 */
export async function startApiChild(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  checkout?: string,
): Promise<ApiChild> {
  const entry = checkout
    ? join(checkout, 'bench/lib/catalogue-api-server.ts')
    : new URL('./catalogue-api-server.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, entry], {
    env: { ...process.env, ...env },
    ...(checkout ? { cwd: checkout } : {}),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<Record<string, unknown> & { address: string }>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.startsWith('{"address"'));
      if (line) resolve(JSON.parse(line) as Record<string, unknown> & { address: string });
    });
    child.once('exit', (code) => reject(new Error(`the API process exited with ${code} before listening`)));
  });
  const pid = child.pid ?? 0;
  const { address, ...info } = ready;
  return {
    address,
    info,
    pid,
    cpuMs: () => processCpuMs(pid),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
