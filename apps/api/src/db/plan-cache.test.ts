import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toDriverQuery } from '../modules/catalogue/queries';
import { planCached, withPlanName } from './plan-cache';

const text = (statement: ReturnType<typeof sql>) => toDriverQuery(statement).sql;

describe('prepared catalogue statements', () => {
  it('names a marked statement after its text, the same name every time', () => {
    const marked = text(planCached(sql`select * from sets where id = ${1}`));
    const first = withPlanName({ text: marked, values: [1] });
    const again = withPlanName({ text: marked, values: [2] });
    expect(first.name).toMatch(/^cd_[0-9a-f]{24}$/);
    expect(again).toEqual({ text: marked, values: [2], name: first.name });
  });

  it('gives different texts different names', () => {
    const a = withPlanName({ text: text(planCached(sql`select 1 where ${1} = 1`)) });
    const b = withPlanName({ text: text(planCached(sql`select 2 where ${1} = 1`)) });
    expect(a.name).not.toBe(b.name);
  });

  it('leaves unmarked statements, plain strings and named configs as they are', () => {
    const plain = { text: 'select 1', values: [] };
    expect(withPlanName(plain)).toBe(plain);
    expect(withPlanName('select 1')).toBe('select 1');
    const named = { text: text(planCached(sql`select 3`)), name: 'mine' };
    expect(withPlanName(named)).toBe(named);
  });

  it('stops naming new texts after a thousand, so embedded values cannot grow the statements', () => {
    const names = new Set<unknown>();
    for (let i = 0; i < 1100; i++)
      names.add(withPlanName({ text: text(planCached(sql.raw(`select ${i}`))) }).name);
    expect(names.has(undefined)).toBe(true);
    expect(names.size).toBeLessThanOrEqual(1001);
  });
});
