import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Artist } from './artist';
import type { CallBody, CallParams, CallQuery, CallResponse } from './call';
import { fillPath } from './call';
import { type Calls, calls } from './calls';
import type { QueueItem } from './queue';
import { routes } from './routes';

const all = Object.entries(calls).flatMap(([group, named]) =>
  Object.entries(named).map(([name, call]) => ({ key: `${group}.${name}`, ...call })),
);

describe('the table of calls', () => {
  it('gives every route its schemas, and each method and path to one call only', () => {
    const routeCount = Object.values(routes).reduce((n, named) => n + Object.keys(named).length, 0);
    expect(all).toHaveLength(routeCount);
    const endpoints = all.map((call) => `${call.method} ${call.path}`);
    expect(new Set(endpoints).size).toBe(endpoints.length);
    const ids = all.map((call) => call.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares exactly the parameters its path names', () => {
    for (const call of all) {
      const inPath = [...call.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = 'params' in call && call.params ? Object.keys((call.params as z.ZodObject).shape) : [];
      expect({ key: call.key, params: declared.sort() }).toEqual({ key: call.key, params: inPath });
    }
  });

  it('answers every call with at least one success status and a documented error', () => {
    for (const call of all) {
      const statuses = Object.keys(call.responses).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        call.key,
      ).toBe(true);
      expect(call.summary.length, call.key).toBeGreaterThan(0);
    }
  });

  it('fills a path from its parameters, percent-encoded', () => {
    expect(fillPath(calls.artists.detail.path, { id: 7 })).toBe('/api/artists/7');
    expect(fillPath(calls.accounts.lookupUsername.path, { username: 'a b/c' })).toBe(
      '/api/users/un/a%20b%2Fc',
    );
    expect(() => fillPath(calls.artists.detail.path, {})).toThrow(/needs the parameter id/);
  });

  it('types each call from its schemas', () => {
    expectTypeOf<CallResponse<Calls['artists']['detail']>>().toEqualTypeOf<Artist>();
    expectTypeOf<CallResponse<Calls['queue']['next']>>().toEqualTypeOf<QueueItem | undefined>();
    expectTypeOf<CallResponse<Calls['queue']['clear']>>().toEqualTypeOf<undefined>();
    expectTypeOf<CallParams<Calls['artists']['detail']>>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<CallParams<Calls['artists']['list']>>().toEqualTypeOf<undefined>();
    expectTypeOf<CallQuery<Calls['tracks']['moments']>>().toEqualTypeOf<{ set_ids?: string | null }>();
    expectTypeOf<CallBody<Calls['posts']['create']>>().toEqualTypeOf<
      z.input<typeof calls.posts.create.body>
    >();
  });
});
