import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../test/fake-api';
import { apiClient } from './client';

const SESSION = { accessToken: 'access-token', refreshToken: 'refresh' };

describe('the API client', () => {
  it('sends each call with its method and path, parameters percent-encoded, and answers its body', async () => {
    const { api, requests } = createFakeApi((request) =>
      request.path === '/users/un/dj%20k%2Fx' ? { body: { is_firebase_user: false } } : undefined,
    );
    const lookup = await apiClient(api.transport).accounts.lookupUsername({ params: { username: 'dj k/x' } });
    expect(lookup).toEqual({ is_firebase_user: false });
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/users/un/dj%20k%2Fx' });
    // A call open to everyone sends no token.
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('sends a signed-in call with the token, its query and its body', async () => {
    const { api, requests } = createFakeApi((request) => {
      if (request.path === '/artists/7/sets')
        return { body: { data: [], pagination: { offset: 20, count: 0, total: 0 } } };
      if (request.path === '/posts') return { body: { id: 1 } };
      return undefined;
    });
    api.tokens.startInternalSession(SESSION);
    const client = apiClient(api.transport);
    await client.artists.sets({ params: { id: 7 }, query: { offset: 20, genre: null } });
    await client.posts.create({ body: { set_meta_id: 3, body: 'Nice' } as never });
    expect(requests.map((request) => `${request.method} ${request.path}?${request.query}`)).toEqual([
      'GET /artists/7/sets?offset=20',
      'POST /posts?',
    ]);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${SESSION.accessToken}`);
    expect(requests[1]?.body).toEqual({ set_meta_id: 3, body: 'Nice' });
    expect(client.artists.sets.path({ id: 7 })).toBe('/artists/7/sets');
  });

  it('is the only code that writes a path: no feature calls the transport with one', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('/api/')) {
          if (/transport\.(get|post|put|delete|request)\s*[<(]/.test(readFileSync(path, 'utf8')))
            offenders.push(path);
        }
      }
    };
    walk(join(import.meta.dirname, '..'));
    expect(offenders).toEqual([]);
  });
});
