// Making a job engine queue. pg-boss 10 makes each queue a partition of its job table, with DDL that
// is not under its advisory lock: two processes making queues at the same moment (two workers, or an
// instance and a worker, started together on a new database) can deadlock, and PostgreSQL then ends
// one of them with "deadlock detected", which used to end that worker's start. The loser tries again
// a moment later, when the other has made its queues; a queue that exists is left as it is.
import type PgBoss from 'pg-boss';

const TRIES = 6;
/** PostgreSQL's deadlock_detected and unique_violation (the same queue inserted by both). */
const RACES = new Set(['40P01', '23505']);

export async function createQueue(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= TRIES || typeof code !== 'string' || !RACES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250 * attempt));
    }
  }
}
