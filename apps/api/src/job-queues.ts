// Starting the job engine and making its queues when several processes do it at once (two workers,
// or an instance and a worker, started together on a new database). pg-boss 10 is not safe there:
// - its first start makes its schema, and two starts race on it ("duplicate key value violates unique
//   constraint pg_namespace_nspname_index");
// - it makes each queue a partition of its job table, with DDL outside its advisory lock, and two
//   processes making queues deadlock ("deadlock detected").
// Either error used to end that worker's start. The loser tries again a moment later, when the other
// is done; a schema or queue that exists is left as it is.
// The engine's statements also wait out the database going away (engineDatabase).
import type PgBoss from 'pg-boss';
import type { Database } from './db/client';
import { isDatabaseUnavailable } from './lib/database-errors';

/** How long an engine statement waits for the database to come back before it fails. */
export const ENGINE_PATIENCE_MS = 5 * 60_000;

/**
 * The database as the job engine reads it: a statement that meets the database away (a restart, a
 * failover, a pooler that cannot reach it) is sent again, every second or two, until the database
 * answers or ENGINE_PATIENCE_MS pass. pg-boss 10 ends a job (complete, fail) without waiting on the
 * statement: one failing there was an unhandled rejection that ended the whole worker, and no job ran
 * until it was started again. Sending an engine statement twice is harmless: completing or failing a
 * job is an update by id, and the queues sent to twice name a singleton key.
 */
export function engineDatabase(
  database: Pick<Database, 'executeSql'>,
  patienceMs = ENGINE_PATIENCE_MS,
): { executeSql: Database['executeSql'] } {
  return {
    async executeSql(text, values) {
      const until = Date.now() + patienceMs;
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await database.executeSql(text, values);
        } catch (error) {
          if (!isDatabaseUnavailable(error) || Date.now() >= until) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 250 * attempt)));
        }
      }
    },
  };
}

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
