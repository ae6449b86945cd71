// The instance's caches drop the least recently used entries first, by weight.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Recent } from './recent';

describe('Recent', () => {
  it('drops the least recently used first: a read makes an entry the newest', () => {
    const recent = new Recent<number>(3);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('c', 3);
    expect(recent.get('a')).toBe(1);
    recent.set('d', 4);
    expect(recent.keys()).toEqual(['c', 'a', 'd']);
    expect(recent.get('b')).toBeUndefined();
  });

  it('keeps the weights within its bound, and never an entry heavier than all of it', () => {
    const recent = new Recent<string>(100);
    recent.set('a', 'x', 40);
    recent.set('b', 'y', 40);
    recent.set('c', 'z', 30);
    expect(recent.keys()).toEqual(['b', 'c']);
    expect(recent.weight).toBe(70);
    recent.set('huge', 'w', 101);
    expect(recent.get('huge')).toBeUndefined();
    expect(recent.keys()).toEqual(['b', 'c']);
    // setting a key again replaces it, with its new weight
    recent.set('b', 'y2', 10);
    expect(recent.keys()).toEqual(['c', 'b']);
    expect(recent.weight).toBe(40);
    recent.delete('c');
    recent.clear();
    expect([recent.size, recent.weight, recent.keys()]).toEqual([0, 0, []]);
  });

  it('answers as a plain list of entries in order of use would, for any run of reads, writes and deletes', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.integer({ min: 0, max: 12 }),
        weight: fc.integer({ min: 1, max: 9 }),
      }),
      fc.record({ kind: fc.constant('get' as const), key: fc.integer({ min: 0, max: 12 }) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.integer({ min: 0, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const recent = new Recent<number>(20);
        // the reference: entries from the least to the most recently used
        let model: { key: string; value: number; weight: number }[] = [];
        ops.forEach((o, i) => {
          const key = String(o.key);
          const at = model.findIndex((e) => e.key === key);
          if (o.kind === 'get') {
            const entry = model[at];
            expect(recent.get(key)).toBe(entry?.value);
            if (entry) model = [...model.filter((e) => e.key !== key), entry];
          } else if (o.kind === 'delete') {
            recent.delete(key);
            model = model.filter((e) => e.key !== key);
          } else {
            recent.set(key, i, o.weight);
            model = model.filter((e) => e.key !== key);
            if (o.weight <= 20) model.push({ key, value: i, weight: o.weight });
            while (model.reduce((sum, e) => sum + e.weight, 0) > 20) model.shift();
          }
          expect(recent.keys()).toEqual(model.map((e) => e.key));
          expect(recent.weight).toBe(model.reduce((sum, e) => sum + e.weight, 0));
        });
      }),
    );
  });
});
