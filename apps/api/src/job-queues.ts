// Starting the job engine and making its queues when several processes do it at once (two workers,
// or an instance and a worker, started together on a new database). pg-boss 10 is not safe there:
// - its first start makes its schema, and two starts race on it ("duplicate key value violates unique
//   constraint pg_namespace_nspname_index");
// - it makes each queue a partition of its job table, with DDL outside its advisory lock, and two
//   processes making queues deadlock ("deadlock detected").
// Either error used to end that worker's start. The loser tries again a moment later, when the other
// is done; a schema or queue that exists is left as it is.
import type PgBoss from 'pg-boss';

const TRIES = 6;
/**
 * PostgreSQL's deadlock_detected, unique_violation (the same schema or queue inserted by both),
 * duplicate_schema, duplicate_table and duplicate_object.
 */
const RACES = new Set(['40P01', '23505', '42P06', '42P07', '42710']);

const isRace = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RACES.has(code);
};

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250 * attempt));

/** Runs `attempt` until it ends without losing a race, or TRIES times. */
async function pastRaces<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= TRIES || !isRace(error)) throw error;
      await pause(tries);
    }
  }
}

/** Starts an engine `make` gives; after a race, a new one (a pg-boss that failed to start stays so). */
export function startEngine(make: () => PgBoss): Promise<PgBoss> {
  return pastRaces(async () => {
    const boss = make();
    try {
      await boss.start();
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => {});
      throw error;
    }
  });
}

export function createQueue(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  return pastRaces(() => boss.createQueue(name, options));
}
