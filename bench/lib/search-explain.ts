// Prints, per query class of the search benchmark's mix, the planning and execution times the plans
// report (EXPLAIN (ANALYZE, BUFFERS)) for each section's statement, so the work a search does can be
// judged apart from the machine's load. `--plan <text>` prints the full plans of one query.
//   DATABASE_URL=... node --import tsx bench/lib/search-explain.ts [--per-group N] [--plan <text>]
import { SEARCH_KINDS, searchQuery } from '@cratedig/contract/search';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { toDriverQuery } from '../../apps/api/src/modules/catalogue/queries';
import { sectionStatement } from '../../apps/api/src/modules/search/plans';
import { prepareQuery } from '../../apps/api/src/modules/search/service';
import type { UserContext } from '../../apps/api/src/plugins/service-context';
import { ensureBenchUser } from './catalogue-bench-user';
import { searchQueryMix } from './search-queries';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

type Timing = Record<string, { planning: number; execution: number }>;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolMax: 1 });
const { userId } = await ensureBenchUser(pool);
const ctx = { db: database.db, userId } as UserContext;

/** Each section's statement, explained: its plan's planning and execution times. */
async function explain(s: string, print: boolean): Promise<Timing> {
  const parsed = searchQuery.parse({ s });
  const prepared = await prepareQuery(ctx, parsed.s);
  const timing: Timing = {};
  if (prepared.words.length === 0) return timing;
  for (const kind of parsed.kinds) {
    const statement = sectionStatement(kind, prepared, userId, 20, 0);
    if (!statement) continue; // no document of the kind holds a query word: no statement runs
    const q = toDriverQuery(statement);
    await pool.query(q.sql, q.params); // warm
    const format = print ? 'text' : 'json';
    const result = await pool.query(`explain (analyze, buffers, format ${format}) ${q.sql}`, q.params);
    if (print) {
      console.log(`--- ${kind}`);
      for (const row of result.rows) console.log(row['QUERY PLAN']);
      continue;
    }
    const [plan] = (
      result.rows[0] as { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }
    )['QUERY PLAN'];
    timing[kind] = { planning: plan?.['Planning Time'] ?? 0, execution: plan?.['Execution Time'] ?? 0 };
  }
  return timing;
}

const one = arg('--plan');
if (one !== undefined) {
  await explain(one, true);
} else {
  const mix = await searchQueryMix(pool, Number(arg('--per-group') ?? 10));
  const groups = new Map<string, Timing[]>();
  const slow: string[] = [];
  for (const q of mix) {
    const timing = await explain(q.s, false);
    groups.set(q.group, [...(groups.get(q.group) ?? []), timing]);
    for (const [kind, t] of Object.entries(timing))
      if (t.execution > 5)
        slow.push(`${t.execution.toFixed(1).padStart(7)} ms  ${kind.padEnd(8)} ${q.group}: ${q.s}`);
  }
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `p50 ${(s[Math.floor(s.length / 2)] ?? 0).toFixed(1)} max ${(s.at(-1) ?? 0).toFixed(1)}`;
  };
  console.log('query class      section  execution (ms)          planning (ms)');
  for (const [group, times] of groups) {
    for (const kind of SEARCH_KINDS) {
      const of = times.flatMap((t) => (t[kind] ? [t[kind]] : []));
      console.log(
        `${group.padEnd(16)} ${kind.padEnd(8)} ${stat(of.map((t) => t.execution)).padEnd(23)} ${stat(of.map((t) => t.planning))}`,
      );
    }
  }
  console.log(`\nsections above 5 ms of execution:\n${slow.join('\n')}`);
}
await pool.end();
await database.close();
