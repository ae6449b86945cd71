import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Artist } from '@cratedig/contract/artist';
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { ListResponse } from '@cratedig/contract/common';
import type { SetMeta } from '@cratedig/contract/set';
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
 * The artists whose IDs the fingerprints journey names: the demo plays some of their IDs again, under
 * ID entries of their own, in its Warehouse and Rooftop Sessions. Any other journey that released or
 * named one of those IDs (or their first plays) would take them from it.
 */
async function listenedArtists(request: APIRequestContext, tokens: Tokens): Promise<Set<number>> {
  const artists = new Set<number>();
  for (const name of ['Warehouse Session', 'Rooftop Session']) {
    const sets = await apiGet<ListResponse<SetMeta>>(
      request,
      tokens,
      `/sets?search=${encodeURIComponent(name)}&limit=5`,
    );
    for (const set of sets.data.filter((s) => s.set_name.includes(name))) {
      const detail = await apiGet<SetDetail>(request, tokens, `/sets/${set.id}`);
      for (const entry of detail.set_tracks) {
        if (entry.track_meta.mix_type !== 'ID') continue;
        for (const credit of entry.track_meta.artists) artists.add(credit.artist_meta.id);
      }
    }
  }
  return artists;
}

/**
 * `count` IDs of the demo catalogue that no journey has touched: not come out yet, nobody watches
 * them, nobody has suggested a name nor named them, and none by an artist whose IDs the demo plays again in another
 * set (those belong to the fingerprints journey, and a name the crowd gives one is proposed for its
 * copies too).
 */
export async function unreleasedIds(
  request: APIRequestContext,
  tokens: Tokens,
  count: number,
): Promise<TrackMeta[]> {
  const listened = await listenedArtists(request, tokens);
  const found: TrackMeta[] = [];
  for (const artist of await artistsWithIds(request, tokens)) {
    if (listened.has(artist.id)) continue;
    const { data } = await apiGet<ListResponse<TrackMeta>>(
      request,
      tokens,
      `/artists/${artist.id}/ids?limit=100`,
    );
    for (const id of data) {
      if (id.release || id.total_user_likes > 0) continue;
      // nobody has suggested a name, and the crowd has not named it already (the demo names some)
      if ((id.identification?.open_count ?? 0) > 0 || id.identification?.accepted) continue;
      if (id.artists.some((credit) => listened.has(credit.artist_meta.id))) continue;
      found.push(id);
      if (found.length >= count) return found;
    }
  }
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
