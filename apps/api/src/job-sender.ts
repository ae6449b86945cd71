// How a request puts work on the job engine (jobs/): through the engine this process runs (attached
// once its jobs have started, before the app serves), or, where the jobs run elsewhere (JOBS=false
// behind `cratedig worker`, an app without its jobs), through an engine of its own that only sends:
// no workers, no schedules, no maintenance. Either way the job lands in the same queue of the same
// database.
import PgBoss from 'pg-boss';
import type { Database } from './db/client';
import { createQueue, startEngine } from './job-queues';

export class JobSender {
  private boss: PgBoss | undefined;
  private own: Promise<PgBoss> | undefined;
  private readonly made = new Set<string>();

  constructor(private readonly database: Database) {}

  /** The process's running engine, once its jobs have started (their queues made). */
  attach(boss: PgBoss): void {
    this.boss = boss;
  }

  private async engine(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.own ??= startEngine(() => {
      const boss = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => this.database.executeSql(text, values) },
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      // a failure shows in the send that meets it
      boss.on('error', () => {});
      return boss;
    });
    return await this.own;
  }

  /**
   * Sends one job. `queue` is made first when this process has not run the jobs that make it (a
   * queue must exist before a job is sent to it), with the options its jobs make it with.
   */
  async send(
    name: string,
    data: object,
    options: PgBoss.SendOptions,
    queue?: Omit<PgBoss.Queue, 'name'>,
  ): Promise<void> {
    const boss = await this.engine();
    if (queue && boss !== this.boss && !this.made.has(name)) {
      await createQueue(boss, name, { name, ...queue });
      this.made.add(name);
    }
    await boss.send(name, data, options);
  }

  async close(): Promise<void> {
    if (!this.own) return;
    const boss = await this.own.catch(() => undefined);
    await boss?.stop({ graceful: false, wait: true });
  }
}
