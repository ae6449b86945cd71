import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';

/**
 * On the large catalogue a list, tab or detail statement takes longer to plan (0.6–1.0 ms) than to run
 * (0.5–0.7 ms), and the API runs the same few statement texts thousands of times a second with new
 * values. A statement marked with planCached() is prepared once per pooled connection, under a name
 * derived from its text, so PostgreSQL can keep its plan (plan_cache_mode auto: after five runs it
 * reuses a generic plan only when that costs no more than the plans made for the actual values).
 *
 * Mark only statements built from fixed templates, where the values travel as parameters. A text that
 * embedded its values would be a new prepared statement on every connection each time, so the number
 * of names is capped and texts beyond the cap run unprepared.
 */
const MARK = '/* plan-cached */';

export function planCached(statement: SQL): SQL {
  return sql`${sql.raw(MARK)} ${statement}`;
}

type Named<C> = C & { name?: string };

interface QueryConfig {
  text?: unknown;
  name?: unknown;
}

/**
 * A namer for the driver's query configs: a config whose text was marked with planCached() gets its
 * name, until `maxNames` texts have one.
 */
export function planNamer(maxNames: number): <C>(config: C) => Named<C> {
  const names = new Map<string, string>();
  return <C>(config: C): Named<C> => {
    if (typeof config !== 'object' || config === null) return config as Named<C>;
    const { text, name } = config as QueryConfig;
    if (name !== undefined || typeof text !== 'string' || !text.startsWith(MARK)) return config as Named<C>;
    let planName = names.get(text);
    if (planName === undefined) {
      if (names.size >= maxNames) return config as Named<C>;
      planName = `cd_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, planName);
    }
    return { ...config, name: planName };
  };
}

/** The process's namer, shared by every pool it opens. */
export const withPlanName = planNamer(1000);

/**
 * Database handles whose connections keep the plans of named statements: a PostgreSQL server reached
 * directly or through a session pooler. Behind a transaction pooler statements go unnamed, and PGlite
 * does not name them either, so every statement is planned each time it runs there.
 */
const keepingPlans = new WeakSet<object>();

/** Marks `db` as keeping its named statements' plans (openDatabase, for a server in session mode). */
export function markPlansKept(db: object): void {
  keepingPlans.add(db);
}

/**
 * Whether `db` keeps plans. A statement built for a kept plan (one text for every case, values hidden
 * from the planner) is worse where each run is planned anew: there the smallest text for the case at
 * hand, planned for its values, costs least.
 */
export function plansKept(db: object): boolean {
  return keepingPlans.has(db);
}
