import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toDriverQuery } from '../modules/catalogue/queries';
import { planCached, planNamer } from './plan-cache';

const text = (statement: ReturnType<typeof sql>) => toDriverQuery(statement).sql;

// Each test has its own namer: the process's one is shared by every file a worker runs.
describe('prepared catalogue statements', () => {
  it('names a marked statement after its text, the same name every time', () => {
    const withPlanName = planNamer(10);
    const marked = text(planCached(sql`select * from sets where id = ${1}`));
    const first = withPlanName({ text: marked, values: [1] });
    const again = withPlanName({ text: marked, values: [2] });
    expect(first.name).toMatch(/^cd_[0-9a-f]{24}$/);
    expect(again).toEqual({ text: marked, values: [2], name: first.name });
  });

  it('gives different texts different names', () => {
    const withPlanName = planNamer(10);
    const a = withPlanName({ text: text(planCached(sql`select 1 where ${1} = 1`)) });
    const b = withPlanName({ text: text(planCached(sql`select 2 where ${1} = 1`)) });
    expect(a.name).not.toBe(b.name);
  });

  it('leaves unmarked statements, plain strings and named configs as they are', () => {
    const withPlanName = planNamer(10);
    const plain = { text: 'select 1', values: [] };
    expect(withPlanName(plain)).toBe(plain);
    expect(withPlanName('select 1')).toBe('select 1');
    const named = { text: text(planCached(sql`select 3`)), name: 'mine' };
    expect(withPlanName(named)).toBe(named);
  });

  it('stops naming new texts at its cap, so embedded values cannot grow the statements', () => {
    const withPlanName = planNamer(3);
    const named = (i: number) => withPlanName({ text: text(planCached(sql.raw(`select ${i}`))) }).name;
    const first = [0, 1, 2].map(named);
    expect(first.every((name) => name?.startsWith('cd_'))).toBe(true);
    expect(named(3)).toBeUndefined();
    // the texts named before the cap keep their names
    expect([0, 1, 2].map(named)).toEqual(first);
  });
});
