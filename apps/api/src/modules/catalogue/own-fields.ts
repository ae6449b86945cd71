// The part of a catalogue page that is never kept (page-cache.ts): the counters a like raises, an ID's
// crowd state and the listener's own fields, read for a kept page's items in one statement together
// with the catalogue's generation, and laid over the page. The JSON comes from the same fragments as
// the full items (catalogue-items.ts ownFieldsJson), so a page brought up to date this way equals the
// page read afresh.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { compiledRows, intArrayPlaceholder, intArrayText } from '../../db/compiled';
import { planCached } from '../../db/plan-cache';
import { type ItemKind, ownFieldsJson } from '../../db/read-models/catalogue-items';
import { waitingCount } from '../../db/read-models/library-favourites';
import { GENERATION } from './generation';
import { followedDigest, KIND_TABLE } from './list-spec';

interface WithId {
  id: number;
}

interface OwnRow<T> {
  generation: number | null;
  own: T | null;
  followed_digest?: string | null;
}

// Each statement here is compiled once (db/compiled.ts): its text depends on its name only, and the
// listener and the items are placeholders.
const USER = sql.placeholder('user');
const ITEM = sql.placeholder('item');

async function readOwn<T>(
  db: Db,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<OwnRow<T>> {
  const [row] = await compiledRows<OwnRow<T>>(db, name, () => planCached(build()), values);
  return row ?? { generation: null, own: null };
}

/** What a kept list page was read with, and must still hold for it to be used. */
export interface KeptListCheck {
  generation: number;
  /** A page of the user's favourites or follows: which items they were (list-spec.ts followedDigest). */
  followedDigest?: string | null | undefined;
}

/**
 * A kept list page's items brought up to date, or undefined when the page is stale: the catalogue's
 * generation moved on, an item is gone, or the user's favourites or follows are other items now.
 * Festivals and venues (Home's featured places) have no fields of their own: only the generation counts.
 */
export async function layOwnFieldsOnList<T extends WithId>(
  db: Db,
  kind: ItemKind | 'festivals' | 'venues',
  userId: number,
  check: KeptListCheck,
  items: T[],
): Promise<T[] | undefined> {
  const place = kind === 'festivals' || kind === 'venues';
  const withDigest = check.followedDigest !== undefined && !place;
  const row = await readOwn<WithId[]>(
    db,
    `own-list ${kind}${withDigest ? ' followed' : ''}`,
    () => {
      const own = place
        ? sql`'[]'::json`
        : sql`coalesce((select json_agg(${ownFieldsJson(kind as ItemKind, USER)}) from ${KIND_TABLE[kind]} i
          where i.id = any(${intArrayPlaceholder('items')})), '[]'::json)`;
      const followed = withDigest
        ? sql`, ${followedDigest(kind as ItemKind, USER)} as followed_digest`
        : sql``;
      return sql`select ${GENERATION} as generation, ${own} as own${followed}`;
    },
    { user: userId, items: intArrayText(items.map((item) => item.id)) },
  );
  if (row.generation !== check.generation) return undefined;
  if (check.followedDigest !== undefined && row.followed_digest !== check.followedDigest) return undefined;
  if (place) return items;
  const fields = new Map((row.own ?? []).map((f) => [f.id, f]));
  const laid: T[] = [];
  for (const item of items) {
    const found = fields.get(item.id);
    if (found === undefined) return undefined;
    laid.push({ ...item, ...found });
  }
  return laid;
}

/** A kept artist, label or track detail brought up to date, or undefined when it is stale. */
export async function layOwnFieldsOnItem<T extends WithId>(
  db: Db,
  kind: 'artists' | 'labels' | 'tracks',
  userId: number,
  generation: number,
  item: T,
): Promise<T | undefined> {
  // A track's page also says how many listeners wait for it when it is an ID.
  const extra =
    kind === 'tracks' ? sql`::jsonb || jsonb_build_object('waiting_count', ${waitingCount})` : sql``;
  const row = await readOwn<WithId>(
    db,
    `own-item ${kind}`,
    () => sql`select ${GENERATION} as generation,
      (select ${ownFieldsJson(kind, USER)}${extra} from ${KIND_TABLE[kind]} i where i.id = ${ITEM}) as own`,
    { user: userId, item: item.id },
  );
  if (row.generation !== generation || row.own === null) return undefined;
  return { ...item, ...row.own };
}

interface SetTrackRow {
  track_position: number;
  likes: number;
  track_meta: WithId;
}

interface SetOwn extends WithId {
  set_tracks: { track_position: number; likes: number; track_meta: WithId }[];
}

/** A kept set detail brought up to date: the set's and each of its tracks' own fields, and moment likes. */
export async function layOwnFieldsOnSet<T extends WithId & { set_tracks: SetTrackRow[] }>(
  db: Db,
  userId: number,
  generation: number,
  set: T,
): Promise<T | undefined> {
  const row = await readOwn<SetOwn>(
    db,
    'own-set',
    () => sql`select ${GENERATION} as generation, (
      select ${ownFieldsJson('sets', USER)}::jsonb || jsonb_build_object('set_tracks', coalesce((
        select jsonb_agg(jsonb_build_object('track_position', st.track_position, 'likes', st.likes,
          'track_meta', ${ownFieldsJson('tracks', USER, 't')}))
        from set_tracks st join tracks t on t.id = st.track_id where st.set_id = i.id), '[]'::jsonb))
      from sets i where i.id = ${ITEM}) as own`,
    { user: userId, item: set.id },
  );
  if (row.generation !== generation || row.own === null) return undefined;
  const { set_tracks: ownTracks, ...ownSet } = row.own;
  const byPosition = new Map(ownTracks.map((st) => [st.track_position, st]));
  const tracks: SetTrackRow[] = [];
  for (const st of set.set_tracks) {
    const fields = byPosition.get(st.track_position);
    if (fields === undefined || fields.track_meta.id !== st.track_meta.id) return undefined;
    tracks.push({ ...st, likes: fields.likes, track_meta: { ...st.track_meta, ...fields.track_meta } });
  }
  return { ...set, ...ownSet, set_tracks: tracks };
}
