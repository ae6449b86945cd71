import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Artist } from '@cratedig/contract/artist';
import type { ListResponse } from '@cratedig/contract/common';
import type { TrackMeta } from '@cratedig/contract/track';
import { type APIRequestContext, expect } from '@playwright/test';
import { newAccount, register, signInByApi } from './session';

const run = promisify(execFile);

export type Tokens = { access_token: string; refresh_token: string };

/** A fresh listener with onboarding done (the modal has its own journeys). */
export async function listener(request: APIRequestContext, prefix: string): Promise<Tokens> {
  const account = newAccount(prefix);
  await register(request, account);
  const tokens = await signInByApi(request, account);
  const done = await request.post('/api/me/onboarding', { headers: bearer(tokens) });
  expect(done.ok()).toBe(true);
  return tokens;
}

export const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` });

export async function apiGet<T>(request: APIRequestContext, tokens: Tokens, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: bearer(tokens) });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return response.json();
}

/** Artists that have IDs, by set count (the demo catalogue's busiest first). */
export async function artistsWithIds(request: APIRequestContext, tokens: Tokens): Promise<Artist[]> {
  const { data } = await apiGet<ListResponse<Artist>>(request, tokens, '/artists?limit=100');
  return data.filter((artist) => artist.id_count > 0);
}

/**
 * `count` IDs of the demo catalogue that no journey has touched: not come out yet, nobody watches
 * them, nobody has suggested a name, and (for a journey that names one by the crowd's vote,
 * `namedByVote`) not heard in another set: an accepted name is proposed for the ID's copies, which
 * would show that journey's names elsewhere. A release by the command names no copy, so a journey
 * that only releases skips that question, which the server answers by listening (seconds each).
 */
export async function unreleasedIds(
  request: APIRequestContext,
  tokens: Tokens,
  count: number,
  { namedByVote = true }: { namedByVote?: boolean } = {},
): Promise<TrackMeta[]> {
  const found = new Map<number, TrackMeta>();
  // an ID the fingerprints hear in other sets gets the name another journey gives its copy: those
  // come last, when the quiet ones are too few
  const heardElsewhere: TrackMeta[] = [];
  for (const artist of await artistsWithIds(request, tokens)) {
    const { data } = await apiGet<ListResponse<TrackMeta>>(
      request,
      tokens,
      `/artists/${artist.id}/ids?limit=100`,
    );
    for (const id of data) {
      if (id.release || id.total_user_likes > 0 || (id.identification?.open_count ?? 0) > 0) continue;
      if (namedByVote) {
        const heard = await apiGet<{ data: unknown[] }>(request, tokens, `/tracks/${id.id}/heard-in`);
        if (heard.data.length > 0) {
          heardElsewhere.push(id);
          continue;
        }
      }
      found.set(id.id, id);
      if (found.size >= count) break;
    }
    if (found.size >= count) return [...found.values()].slice(0, count);
  }
  const all = [...found.values(), ...heardElsewhere];
  if (all.length >= count) return all.slice(0, count);
  throw new Error(`the demo catalogue has fewer than ${count} unreleased IDs`);
}

/** `count` released tracks, from `skip` on in the Tracks list (distinct per journey). */
export async function releasedTracks(
  request: APIRequestContext,
  tokens: Tokens,
  count: number,
  skip: number,
): Promise<TrackMeta[]> {
  const { data } = await apiGet<ListResponse<TrackMeta>>(
    request,
    tokens,
    `/tracks?limit=${count}&offset=${skip}`,
  );
  if (data.length < count) throw new Error(`the demo catalogue has fewer than ${skip + count} tracks`);
  return data;
}

/** Watches an ID as the listener (PUT /favs/track/{id}/likes-toggle on an ID). */
export async function watch(request: APIRequestContext, tokens: Tokens, idTrackId: number): Promise<void> {
  const response = await request.put(`/api/favs/track/${idTrackId}/likes-toggle`, {
    headers: bearer(tokens),
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).show_likes).toBe(true);
}

/**
 * `npm run cratedig -- release <ID> <track>` as an operator runs it beside the running server: on the
 * embedded database it reaches the server through $DATA_DIR/cratedig.sock (the e2e server's DATA_DIR
 * is E2E_DATA_DIR, set by playwright.config.ts). Returns what it printed.
 */
export async function releaseWithCommand(idTrackId: number, releasedTrackId: number): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'cratedig', '--', 'release', String(idTrackId), String(releasedTrackId)],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
  );
  return stdout;
}
