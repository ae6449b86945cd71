// One place that brings every cached copy of an item up to date after a toggle or a like: a change
// must show in every other place on screen that shows the same item. The same set, track, artist or label can
// sit in a detail, a discover list, a detail tab, a featured row, a set's track list and a profile
// tab at once, each its own TanStack Query entry; patching them all from the server's answer keeps
// hero buttons, cards and table counts in agreement without refetching the catalogue.
import type { Artist } from '@cratedig/contract/artist';
import type { Label } from '@cratedig/contract/label';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type LibraryKind = 'set' | 'track' | 'artist' | 'label';

interface KindItem {
  set: SetMeta;
  track: TrackMeta;
  artist: Artist;
  label: Label;
}

// Items travel in many containers (pages of lists, set_tracks[].track_meta, queue set_meta), so an
// item is recognised by fields only its kind has, not by where it sits.
const isKind: Record<LibraryKind, (value: Record<string, unknown>) => boolean> = {
  set: (v) => 'set_name' in v && 'set_sponsors' in v,
  track: (v) => 'mix_type' in v && 'title' in v,
  artist: (v) => 'remix_count' in v && 'founded_label' in v,
  label: (v) => 'label_boss' in v && 'artist_count' in v,
};

/** Returns `value` with every matching item patched; unchanged branches keep their identity. */
function patchDeep(
  value: unknown,
  match: (v: Record<string, unknown>) => boolean,
  patch: (v: never) => unknown,
): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((entry) => {
      const patched = patchDeep(entry, match, patch);
      if (patched !== entry) changed = true;
      return patched;
    });
    return changed ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  let current: Record<string, unknown> = record;
  if (match(record)) current = patch(record as never) as Record<string, unknown>;
  let changed = current !== record;
  const out: Record<string, unknown> = { ...current };
  for (const [key, child] of Object.entries(current)) {
    if (child === null || typeof child !== 'object') continue;
    const patched = patchDeep(child, match, patch);
    if (patched !== child) {
      out[key] = patched;
      changed = true;
    }
  }
  return changed ? out : value;
}

/** Applies `patch` to every cached copy of item `kind` #`id`, in every query. */
export function patchCachedItem<K extends LibraryKind>(
  client: QueryClient,
  kind: K,
  id: number,
  patch: (item: KindItem[K]) => KindItem[K],
): void {
  const match = (v: Record<string, unknown>) => v.id === id && isKind[kind](v);
  for (const [key, data] of client.getQueriesData<unknown>({})) {
    if (data === undefined) continue;
    const next = patchDeep(data, match, patch as (v: never) => unknown);
    if (next !== data) client.setQueryData(key, next);
  }
}

/**
 * The lists whose membership a toggle changes: the followed-only variants (/sets/favs, /tracks/favs,
 * /artists/followed, /labels/followed) and the profile tabs (/users/{id}/...). They are marked stale
 * (the one on screen refetches now, the others when next shown); the rest only needed the patch.
 */
export function invalidateMembershipLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => isMembershipKey(query.queryKey) });
}

export function isMembershipKey(key: QueryKey): boolean {
  const path = key[1];
  return (
    key[0] === 'catalogue' &&
    typeof path === 'string' &&
    (/\/(favs|followed)$/.test(path) || path.startsWith('/users/'))
  );
}

function holdsItem(value: unknown, match: (v: Record<string, unknown>) => boolean): boolean {
  if (Array.isArray(value)) return value.some((entry) => holdsItem(entry, match));
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return match(record) || Object.values(record).some((child) => holdsItem(child, match));
}

/**
 * Marks every query holding a copy of item `kind` #`id` stale: the ones on screen refetch now, the
 * others when next shown. For changes whose new counts only the server knows (a moment like).
 */
export function invalidateCachedItem(client: QueryClient, kind: LibraryKind, id: number): Promise<void> {
  const match = (v: Record<string, unknown>) => v.id === id && isKind[kind](v);
  return client.invalidateQueries({ predicate: (query) => holdsItem(query.state.data, match) });
}
