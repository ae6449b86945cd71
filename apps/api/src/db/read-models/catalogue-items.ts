// The wire shape of each catalogue item (docs/catalogue.md, contract set.ts / track.ts / artist.ts /
// label.ts), built by PostgreSQL as JSON for the rows of one page only: the nested arrays and the signed-in
// user's state are index lookups per page row, never joins over a whole table.
// Each builder reads the item row under the alias `i` and returns the joins it needs plus the JSON.
// Part of the catalogue read layer (db/read-models/): the one place other modules (search, player)
// get a catalogue item's shape from; the catalogue module owns the tables.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * The signed-in listener whose own fields an item carries: the id itself, a placeholder for it in a
 * statement compiled once (db/compiled.ts), or an SQL expression (a function's parameter).
 */
export type UserRef = number | Placeholder | SQL;

/** The catalogue's list kinds: IDs are tracks not yet released. */
export type ItemKind = 'sets' | 'tracks' | 'ids' | 'artists' | 'labels';

export interface ItemSql {
  /** Joins (LEFT JOIN ... / LEFT JOIN LATERAL ...) that follow `<table> i`. */
  joins: SQL;
  json: SQL;
}

/** ISO 8601 UTC with milliseconds and 'Z' (docs/api-conventions.md: instants). */
const instant = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

// Nested values are scalar subqueries rather than LATERAL joins: PostgreSQL plans each on its own, so
// the outer statement stays a two-table join. With joins, planning the set detail took ~4 ms against
// 0.7 ms of execution (join-order search over a dozen relations).

// What a kept page (modules/catalogue/page-cache.ts) cannot keep: the counters a like raises, an ID's
// crowd state, and the signed-in listener's own fields. Each item's JSON ends with these, and the page
// cache reads them alone (ownFieldsJson) to lay them over a kept page, so the two can never differ.

/** A set's like count and the listener's favourite, resume position and likes. */
function setOwnFields(userId: UserRef): SQL {
  return sql`'likes', i.likes,
      'user_fav', coalesce((
        select json_build_object('is_fav', uf.is_fav, 'show_likes', uf.show_likes,
          'user_likes', uf.user_likes, 'current_timestamp', uf.resume_position_s)
        from user_set_favs uf where uf.user_id = ${userId} and uf.set_id = i.id),
        json_build_object('is_fav', false, 'show_likes', false, 'user_likes', 0, 'current_timestamp', 0))`;
}

/** A track's listener likes, an ID's crowd state (migration 0014), and the listener's own flags. */
function trackOwnFields(userId: UserRef, alias: string): SQL {
  const t = sql.raw(alias);
  return sql`'total_user_likes', ${t}.total_user_likes,
      'identification', case when ${t}.mix_type = 'ID' then cd_track_identification(${t}.id) end,
      'user_fav', coalesce((
        select json_build_object('is_fav', uf.is_fav, 'show_likes', uf.show_likes,
          'user_likes', uf.user_likes, 'is_purchased', uf.is_purchased)
        from user_track_favs uf where uf.user_id = ${userId} and uf.track_id = ${t}.id),
        json_build_object('is_fav', false, 'show_likes', false, 'user_likes', 0, 'is_purchased', false))`;
}

function artistOwnFields(userId: UserRef): SQL {
  return sql`'user_stats', json_build_object(
        'is_followed', coalesce((select us.is_followed from user_artist_stats us where us.user_id = ${userId} and us.artist_id = i.id), false),
        'show_likes', coalesce((select us.show_likes from user_artist_stats us where us.user_id = ${userId} and us.artist_id = i.id), false),
        'total_user_likes', i.total_user_likes)`;
}

function labelOwnFields(userId: UserRef): SQL {
  return sql`'user_label_stats', json_build_object(
        'is_followed', coalesce((select us.is_followed from user_label_stats us where us.user_id = ${userId} and us.label_id = i.id), false),
        'show_likes', coalesce((select us.show_likes from user_label_stats us where us.user_id = ${userId} and us.label_id = i.id), false),
        'total_user_likes', i.total_user_likes)`;
}

/**
 * An item's own fields alone, as a JSON object with its id (the item row under alias `i`, or `alias`
 * for a track): what a kept page is brought up to date with.
 */
export function ownFieldsJson(kind: ItemKind, userId: UserRef, alias = 'i'): SQL {
  const a = sql.raw(alias);
  switch (kind) {
    case 'sets':
      return sql`json_build_object('id', ${a}.id, ${setOwnFields(userId)})`;
    case 'tracks':
    case 'ids':
      return sql`json_build_object('id', ${a}.id, ${trackOwnFields(userId, alias)})`;
    case 'artists':
      return sql`json_build_object('id', ${a}.id, ${artistOwnFields(userId)})`;
    case 'labels':
      return sql`json_build_object('id', ${a}.id, ${labelOwnFields(userId)})`;
  }
}

/** A set's fields that are the same for every listener (its row under alias `i`). */
function setSharedFields(): SQL {
  const artistRef = sql`json_build_object('id', a.id, 'name', a.name)`;
  return sql`'id', i.id, 'set_name', i.set_name, 'artist', i.artist,
      'artist_meta', (select ${artistRef} from set_artists sa join artists a on a.id = sa.artist_id
                      where sa.set_id = i.id order by sa.position limit 1),
      'artists', coalesce((select json_agg(${artistRef} order by sa.position)
                           from set_artists sa join artists a on a.id = sa.artist_id where sa.set_id = i.id), '[]'::json),
      'art_url_sm', i.art_url_sm, 'art_url_xl', i.art_url_xl,
      'release_date', i.release_date, 'genre', i.genre, 'track_genres', i.track_genres,
      'mp3_permalink', i.audio_path,
      'duration', i.duration_ms,
      'track_count', i.track_count, 'track_confirmed_count', i.track_confirmed_count,
      'set_sponsors', coalesce((
        select json_agg(json_build_object(
          'sponsor', coalesce(sa.name, sl.name), 'sponsor_id', coalesce(sp.artist_id, sp.label_id),
          'sponsor_type', sp.sponsor_type) order by sp.position)
        from set_sponsors sp
        left join artists sa on sa.id = sp.artist_id
        left join labels sl on sl.id = sp.label_id
        where sp.set_id = i.id), '[]'::json),
      'festival', (select json_build_object('id', f.id, 'name', f.name) from festivals f where f.id = i.festival_id),
      'venue', (select json_build_object('id', v.id, 'name', v.name) from venues v where v.id = i.venue_id)`;
}

export function setItem(userId: UserRef): ItemSql {
  return { joins: sql``, json: sql`json_build_object(${setSharedFields()}, ${setOwnFields(userId)})` };
}

/** Joins the set whose id `setId` holds (an SQL expression) under the alias `i` that setItem() reads. */
export const setItemJoin = (setId: SQL): SQL => sql`join sets i on i.id = ${setId}`;

/** A track's fields that are the same for every listener (its row under alias `alias`). */
function trackSharedFields(alias: string): SQL {
  const t = sql.raw(alias);
  return sql`'id', ${t}.id, 'title', ${t}.title, 'artist', ${t}.artist,
      'artists', coalesce((
        select json_agg(json_build_object('role', ta.role, 'artist_meta', json_build_object('id', a.id, 'name', a.name))
                 order by ta.position, ta.role)
        from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = ${t}.id), '[]'::json),
      'artist_meta', json_build_object('name', ${t}.artist),
      'art_url_sm', ${t}.art_url_sm, 'art_url_xl', ${t}.art_url_xl,
      'release_date', ${t}.release_date, 'genre', ${t}.genre,
      'label_name', ${t}.label_name,
      'label_meta', case when ${t}.label_id is null then null else json_build_object('id', ${t}.label_id) end,
      'label_meta_id', ${t}.label_id, 'mix_type', ${t}.mix_type,
      -- the remixer/editor's name: the client adds 'Remix' / 'Edit' itself (docs/web-app.md Track detail)
      'mix_meta', case when ${t}.mix_name is null then null else json_build_object('name', coalesce((
        select a.name from track_artists ta join artists a on a.id = ta.artist_id
        where ta.track_id = ${t}.id and ta.role = 'mixer' order by ta.position limit 1), ${t}.mix_name)) end,
      'bpm', ${t}.bpm, 'key', ${t}.key, 'purchase_url', ${t}.purchase_url,
      'set_meta', (select json_build_object('id', fs.id, 'set_name', fs.set_name, 'release_date', fs.release_date)
                   from sets fs where fs.id = ${t}.found_in_set_id),
      'created_dt', ${instant(`${alias}.created_dt`)},
      -- an ID that came out links to its release (one row: id_releases is keyed by the ID)
      'release', case when ${t}.mix_type = 'ID' then (
        select json_build_object('id', r.id, 'title', r.title, 'artist', r.artist,
          'artists', coalesce((
            select json_agg(json_build_object('role', ta.role, 'artist_meta', json_build_object('id', a.id, 'name', a.name))
                     order by ta.position, ta.role)
            from track_artists ta join artists a on a.id = ta.artist_id where ta.track_id = r.id), '[]'::json),
          'release_date', r.release_date, 'purchase_url', r.purchase_url, 'art_url_sm', r.art_url_sm)
        from id_releases x join tracks r on r.id = x.released_track_id where x.id_track_id = ${t}.id) end`;
}

/** A track under alias `alias` (`i` for lists, another for a set's track list). */
export function trackItem(userId: UserRef, alias = 'i'): ItemSql {
  return {
    joins: sql``,
    json: sql`json_build_object(${trackSharedFields(alias)}, ${trackOwnFields(userId, alias)})`,
  };
}

function artistSharedFields(): SQL {
  return sql`'id', i.id, 'name', i.name, 'bio', i.bio, 'art_url_sm', i.art_url_sm, 'art_url_xl', i.art_url_xl,
      'set_count', i.set_count, 'track_count', i.track_count, 'label_count', i.label_count,
      'remix_count', i.remix_count, 'id_count', i.id_count,
      'latest_set_date', i.latest_set_date, 'latest_track_date', i.latest_track_date,
      'track_genres', i.track_genres,
      'founded_label', coalesce((
        select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name, l.id)
        from label_bosses lb join labels l on l.id = lb.label_id where lb.artist_id = i.id), '[]'::json),
      'beatport', i.beatport, 'instagram', i.instagram, 'youtube', i.youtube, 'website', i.website`;
}

export function artistItem(userId: UserRef): ItemSql {
  return { joins: sql``, json: sql`json_build_object(${artistSharedFields()}, ${artistOwnFields(userId)})` };
}

function labelSharedFields(): SQL {
  return sql`'id', i.id, 'name', i.name, 'bio', i.bio, 'sponsor_type', i.sponsor_type,
      'label_boss', coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name, a.id)
        from label_bosses lb join artists a on a.id = lb.artist_id where lb.label_id = i.id), '[]'::json),
      'art_url_sm', i.art_url_sm, 'art_url_xl', i.art_url_xl, 'logo_url', i.logo_url,
      'socials', coalesce((select json_agg(e.value order by e.key) from jsonb_each_text(i.socials) e), '[]'::json),
      'set_count', i.set_count, 'artist_count', i.artist_count, 'track_count', i.track_count,
      'latest_set_date', i.latest_set_date, 'latest_track_date', i.latest_track_date,
      'track_genres', i.track_genres`;
}

export function labelItem(userId: UserRef): ItemSql {
  return { joins: sql``, json: sql`json_build_object(${labelSharedFields()}, ${labelOwnFields(userId)})` };
}

/**
 * Each kind's fields, over its row under alias `i`: those that are the same for every listener, then
 * the listener's own (what a kept page or item is brought up to date with).
 */
const FIELDS: Record<ItemKind, { shared: () => SQL; own: (userId: UserRef) => SQL }> = {
  sets: { shared: setSharedFields, own: setOwnFields },
  tracks: { shared: () => trackSharedFields('i'), own: (userId) => trackOwnFields(userId, 'i') },
  ids: { shared: () => trackSharedFields('i'), own: (userId) => trackOwnFields(userId, 'i') },
  artists: { shared: artistSharedFields, own: artistOwnFields },
  labels: { shared: labelSharedFields, own: labelOwnFields },
};

export function itemSql(kind: ItemKind, userId: UserRef): ItemSql {
  const fields = FIELDS[kind];
  return { joins: sql``, json: sql`json_build_object(${fields.shared()}, ${fields.own(userId)})` };
}

/**
 * The part of an item that is the same for every listener, as the text of a JSON object (the item
 * row under alias `i`): what the item's JSON is before its own fields. Kept per item as its document
 * in catalogue_item_docs (catalogue-item-docs.ts), and built here where it has none.
 */
export const sharedItemText = (kind: ItemKind): SQL =>
  sql`(json_build_object(${FIELDS[kind].shared()}))::text`;

/**
 * An item's own fields as a JSON object without its id (the item row under alias `i`): what follows
 * sharedItemText's fields in the item's JSON.
 */
export const ownFieldsObject = (kind: ItemKind, userId: UserRef): SQL =>
  sql`json_build_object(${FIELDS[kind].own(userId)})`;

/** A festival or venue (contract place.ts). */
export function placeJson(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`json_build_object('id', ${a}.id, 'name', ${a}.name, 'art_url_sm', ${a}.art_url_sm,
    'art_url_xl', ${a}.art_url_xl, 'city', ${a}.city, 'country', ${a}.country)`;
}
