// Prints, for every benchmark shape, the direct-SQL time and the plan's top lines on DATABASE_URL, to
// check that each ordering is index-backed:
//   DATABASE_URL=... node --import tsx bench/lib/catalogue-explain.ts [name filter] [--plan]
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { toDriverQuery } from '../../apps/api/src/modules/catalogue/queries';
import { ensureBenchUser } from './catalogue-bench-user';
import { catalogueShapes } from './catalogue-shapes';

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const ids = await ensureBenchUser(pool);
  console.log(ids);
  const filter = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : '';
  const showPlan = process.argv.includes('--plan');
  for (const shape of catalogueShapes(ids).filter((s) => s.name.includes(filter))) {
    for (const statement of shape.statements) {
      const q = toDriverQuery(statement);
      await pool.query(q.sql, q.params); // warm
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await pool.query(q.sql, q.params);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const med = times[2] ?? 0;
      console.log(`${med.toFixed(2).padStart(8)} ms  ${shape.name}`);
      if (showPlan || med > 8) {
        const plan = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params);
        for (const row of plan.rows.slice(0, 60)) console.log(`      ${row['QUERY PLAN']}`);
      }
    }
  }
  await pool.end();
}

await main();
