import { GENRES } from '@cratedig/contract/constants';
import {
  ARTIST_ADJECTIVES,
  ARTIST_ROLES_TEXT,
  ARTIST_TEMPLATES,
  CITIES,
  FESTIVAL_SUFFIXES,
  GENRE_BPM,
  genreSlots,
  KEYS,
  LABEL_SUFFIXES,
  ONSETS,
  RHYMES,
  SCALE,
  SET_SERIES,
  TITLE_WORDS,
  VENUE_TEMPLATES,
} from './large-catalogue-vocabulary';

// Everything is generated server-side by INSERT ... SELECT over generate_series: each value is a pure
// function of a row number hashed with hashint8extended (the stable hash PostgreSQL uses for hash
// partitioning), so every run writes the same catalogue and no row crosses the wire.

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
const arr = (xs: readonly string[]) => `array[${xs.map(q).join(',')}]::text[]`;
const intArr = (xs: readonly number[]) => `array[${xs.join(',')}]::int[]`;

// Multipliers coprime with the table sizes (which are 2^a·5^b): scatter popularity ranks over ids so the
// most popular artists are not simply ids 1, 2, 3.
const P = 7919;

// Catalogue dates span 15 years up to this fixed day (not now(): runs must be identical).
const FIRST_DAY = `date '2011-01-01'`;
const LAST_DAY = `date '2025-12-31'`;

/** Session-local helper functions (pg_temp): they vanish with the connection and leave the schema alone. */
export function helperFunctionsSql(): string[] {
  const slots = genreSlots();
  const bpmLo = GENRES.map((g) => GENRE_BPM[g][0]);
  const bpmHi = GENRES.map((g) => GENRE_BPM[g][1]);
  const name = (r: string) =>
    `initcap((${arr(ONSETS)})[1 + (${r}) % 64] || (${arr(RHYMES)})[1 + ((${r}) / 64) % 64])`;
  const fn = (sig: string, ret: string, body: string) =>
    `create function pg_temp.${sig} returns ${ret} language sql immutable as $$ select ${body} $$`;
  return [
    // uniform in [0, 1) from (row, seed)
    fn(
      'u(i bigint, s int)',
      'float8',
      `((hashint8extended(i, s::bigint) >> 11) & 9007199254740991)::float8 / 9007199254740992.0`,
    ),
    fn('pick(i bigint, s int, n int)', 'int', `1 + floor(pg_temp.u(i, s) * n)::int`),
    // Zipf-like popularity: rank = n·u^k (k > 1 piles picks onto the first ranks), scattered over 1..n.
    fn(
      'zipf(i bigint, s int, n int, k float8)',
      'int',
      `1 + ((floor(n * power(pg_temp.u(i, s), k))::bigint * ${P}) % n)::int`,
    ),
    // True Zipf (s = 1) for performers: rank = n^u is log-uniform, so P(rank r) ~ 1/(r ln n): a handful of
    // headliners play thousands of sets, most artists a few or none.
    fn(
      'zipf1(i bigint, s int, n int)',
      'int',
      `1 + (((floor(exp(pg_temp.u(i, s) * ln(n)))::bigint - 1) * ${P}) % n)::int`,
    ),
    fn('genre_at(x float8)', 'text', `(${arr(slots)})[1 + floor(x * ${slots.length})::int]`),
    fn(
      'bpm_for(g text, x float8)',
      'int',
      `(${intArr(bpmLo)})[array_position(${arr(GENRES)}, g)] + floor(x * (1 + (${intArr(bpmHi)})[array_position(${arr(GENRES)}, g)] - (${intArr(bpmLo)})[array_position(${arr(GENRES)}, g)]))::int`,
    ),
    // 102400 = 64·64·25 name combinations; 60473 is coprime with it, so ids 1..100000 get distinct names. It is
    // 63287·7919⁻¹ (mod 102400): artists of consecutive popularity ranks (ids 7919 apart) sit a golden-ratio
    // fraction of the name space apart, so the headliners' names do not march through the syllables.
    fn(
      'artist_name(id int)',
      'text',
      `replace((${arr(ARTIST_TEMPLATES)})[1 + (((id - 1)::bigint * 60473 % 102400)::int / 4096) % 25], '%', ${name('((id - 1)::bigint * 60473 % 102400)::int')})`,
    ),
    fn(
      'label_name(id int)',
      'text',
      `initcap((${arr(RHYMES)})[1 + (id - 1) % 64] || (${arr(ONSETS)})[1 + ((id - 1) / 64) % 64]) || ' ' || (${arr(LABEL_SUFFIXES)})[1 + ((id - 1) / 4096 + id - 1) % 8]`,
    ),
    // an artist's three home labels, themselves mostly popular ones (Zipf over the artist's hash)
    fn('home_label(a int, j int)', 'int', `pg_temp.zipf(a::bigint * 4 + j, 849, ${SCALE.labels}, 1.6)`),
    fn(
      'label_type(id int)',
      'text',
      `case when pg_temp.u(id, 501) < 0.55 then 'label_meta' else 'label' end`,
    ),
    fn(
      'festival_name(id int)',
      'text',
      `${name('(id - 1) * 37 % 4096')} || ' ' || (${arr(FESTIVAL_SUFFIXES)})[1 + (id - 1) % 5]`,
    ),
    fn(
      'venue_name(id int)',
      'text',
      `replace((${arr(VENUE_TEMPLATES)})[1 + (id - 1) % 6], '%', ${name('(id - 1) * 53 % 4096 + 0')})`,
    ),
    fn('city(i bigint, s int)', 'int', `pg_temp.pick(i, s, ${CITIES.length})`),
    fn('city_name(c int)', 'text', `(${arr(CITIES.map((c) => c[0]))})[c]`),
    fn('country_name(c int)', 'text', `(${arr(CITIES.map((c) => c[1]))})[c]`),
    fn('slug(x text)', 'text', `trim(both '-' from lower(regexp_replace(x, '[^A-Za-z0-9]+', '-', 'g')))`),
    // Tracks: mix type, and for a released ID the track it became (a later, non-ID track).
    // One u() call: a SQL helper is inlined only when each argument it repeats is a plain column.
    fn(
      'mix_type(t int)',
      'text',
      `(array['ID', 'remix', 'edit', 'original_mix'])[1 + width_bucket(pg_temp.u(t, 801), array[0.045, 0.205, 0.255]::float8[])]`,
    ),
    fn(
      'release_of(t int)',
      'int',
      `case when pg_temp.u(t, 801) < 0.045 and pg_temp.u(t, 802) < 0.35
              and t + 50 + floor(pg_temp.u(t, 803) * 2000)::int <= ${SCALE.tracks}
              and pg_temp.u(t + 50 + floor(pg_temp.u(t, 803) * 2000)::int, 801) >= 0.045
            then t + 50 + floor(pg_temp.u(t, 803) * 2000)::int end`,
    ),
    // credits are functions of the "source" track (the release, for a released ID) so an ID and its
    // release share title and producers
    fn('producer1(src int)', 'int', `pg_temp.zipf(src, 811, ${SCALE.artists}, 2.2)`),
    fn(
      'producer2(src int)',
      'int',
      `case when pg_temp.u(src, 812) < 0.2 and pg_temp.zipf(src, 813, ${SCALE.artists}, 2.2) <> pg_temp.producer1(src)
            then pg_temp.zipf(src, 813, ${SCALE.artists}, 2.2) end`,
    ),
    fn(
      'feat(src int)',
      'int',
      `case when pg_temp.u(src, 814) < 0.08 and pg_temp.zipf(src, 815, ${SCALE.artists}, 1.5) <> pg_temp.producer1(src)
             and pg_temp.zipf(src, 815, ${SCALE.artists}, 1.5) is distinct from pg_temp.producer2(src)
            then pg_temp.zipf(src, 815, ${SCALE.artists}, 1.5) end`,
    ),
    fn(
      'mixer(t int)',
      'int',
      `case when pg_temp.mix_type(t) in ('remix', 'edit') then
         case when pg_temp.zipf(t, 821, ${SCALE.artists}, 2.2) = pg_temp.producer1(t)
              then pg_temp.zipf(t, 821, ${SCALE.artists}, 2.2) % ${SCALE.artists} + 1
              else pg_temp.zipf(t, 821, ${SCALE.artists}, 2.2) end end`,
    ),
    fn(
      'title(src int)',
      'text',
      `(${arr(TITLE_WORDS)})[pg_temp.pick(src, 831, ${TITLE_WORDS.length})]
         || case when pg_temp.u(src, 832) < 0.6 then ' ' || (${arr(TITLE_WORDS)})[pg_temp.pick(src, 833, ${TITLE_WORDS.length})] else '' end`,
    ),
    fn('key_at(x float8)', 'text', `(${arr(KEYS)})[1 + floor(x * ${KEYS.length})::int]`),
    // Set track boundaries tile the set: k·seg plus a jitter of ±30 s inside (seg >= 180 keeps them rising).
    fn(
      'boundary(set_id int, k int, n int, seg int)',
      'int',
      `k * seg + case when k > 0 and k < n then floor(pg_temp.u(set_id::bigint * 64 + k, 601) * 61)::int - 30 else 0 end`,
    ),
  ];
}

/**
 * Per-set plan, kept in a temporary table: size, dates, genre, place, curator, and first_slot, the set's
 * offset in the global sequence of set-track slots. Set ids follow release dates (ids grow with time) and
 * the density of sets rises linearly towards today (date = first + span·sqrt(i/N)).
 */
export function setLayoutSql(): string {
  return `
create temp table set_layout as
select x.*, (sum(x.n) over (order by x.set_id rows unbounded preceding) - x.n)::bigint as first_slot
from (
  select i as set_id,
    14 + floor(pg_temp.u(i, 101) * 14)::int as n,
    180 + floor(pg_temp.u(i, 102) * 150)::int as seg,
    pg_temp.genre_at(pg_temp.u(i, 103)) as genre,
    ${FIRST_DAY} + floor((${LAST_DAY} - ${FIRST_DAY}) * sqrt((i - 0.5) / ${SCALE.sets}.0))::int as release_date,
    pg_temp.zipf1(i, 201, ${SCALE.artists}) as artist1,
    case when pg_temp.u(i, 301) < 0.28 then pg_temp.zipf(i, 302, ${SCALE.festivals}, 2) end as festival_id,
    case when pg_temp.u(i, 301) >= 0.28 and pg_temp.u(i, 301) < 0.62 then pg_temp.zipf(i, 303, ${SCALE.venues}, 2) end as venue_id,
    case when pg_temp.u(i, 401) < 0.4 then 'label' when pg_temp.u(i, 401) < 0.75 then 'artist_meta' end as sponsor_kind,
    pg_temp.zipf(i, 402, ${SCALE.labels}, 2) as sponsor_label,
    case when pg_temp.u(i, 403) < 0.5 then pg_temp.zipf1(i, 201, ${SCALE.artists}) else pg_temp.zipf1(i, 404, ${SCALE.artists}) end as sponsor_artist,
    floor(3000 * power(pg_temp.u(i, 405), 4))::int as likes
  from generate_series(1, ${SCALE.sets}) i
) x`;
}

export const loadSql = {
  artists: `
insert into artists (id, name, bio, art_url_sm, art_url_xl, beatport, instagram, youtube, website)
select i, pg_temp.artist_name(i),
  case when pg_temp.u(i, 1001) < 0.7 then
    pg_temp.artist_name(i) || ' is a ' || (${arr(ARTIST_ADJECTIVES)})[pg_temp.pick(i, 1002, ${ARTIST_ADJECTIVES.length})]
    || ' ' || (${arr(ARTIST_ROLES_TEXT)})[pg_temp.pick(i, 1003, ${ARTIST_ROLES_TEXT.length})] || ' from '
    || pg_temp.city_name(pg_temp.city(i, 1004)) || '.' end,
  '/media/large/artists/' || i || '-sm.jpg', '/media/large/artists/' || i || '-xl.jpg',
  case when pg_temp.u(i, 1005) < 0.5 then 'https://www.beatport.com/artist/' || pg_temp.slug(pg_temp.artist_name(i)) || '/' || (100000 + i) end,
  case when pg_temp.u(i, 1006) < 0.6 then 'https://www.instagram.com/' || replace(pg_temp.slug(pg_temp.artist_name(i)), '-', '') end,
  case when pg_temp.u(i, 1007) < 0.3 then 'https://www.youtube.com/@' || replace(pg_temp.slug(pg_temp.artist_name(i)), '-', '') end,
  case when pg_temp.u(i, 1008) < 0.25 then 'https://' || replace(pg_temp.slug(pg_temp.artist_name(i)), '-', '') || '.com' end
from generate_series(1, ${SCALE.artists}) i`,

  labels: `
insert into labels (id, name, bio, sponsor_type, art_url_sm, art_url_xl, logo_url, socials)
select i, pg_temp.label_name(i),
  case when pg_temp.label_type(i) = 'label_meta' then pg_temp.label_name(i) || ' is an independent label from '
    || pg_temp.city_name(pg_temp.city(i, 1101)) || ', releasing club music since ' || (2000 + floor(pg_temp.u(i, 1102) * 24)::int) || '.' end,
  pg_temp.label_type(i),
  '/media/large/labels/' || i || '-sm.jpg', '/media/large/labels/' || i || '-xl.jpg',
  case when pg_temp.label_type(i) = 'label_meta' then '/media/large/labels/' || i || '-logo.png' end,
  case when pg_temp.label_type(i) = 'label_meta'
    then jsonb_build_object('website', 'https://' || replace(pg_temp.slug(pg_temp.label_name(i)), '-', '') || '.com')
    else '{}'::jsonb end
from generate_series(1, ${SCALE.labels}) i`,

  labelBosses: `
insert into label_bosses (label_id, artist_id)
select i, pg_temp.zipf(i, 1201, ${SCALE.artists}, 2) from generate_series(1, ${SCALE.labels}) i
union all
select i, pg_temp.zipf(i, 1202, ${SCALE.artists}, 2) from generate_series(1, ${SCALE.labels}) i
where pg_temp.u(i, 1203) < 0.25 and pg_temp.zipf(i, 1202, ${SCALE.artists}, 2) <> pg_temp.zipf(i, 1201, ${SCALE.artists}, 2)`,

  festivals: `
insert into festivals (id, name, city, country, art_url_sm, art_url_xl)
select i, pg_temp.festival_name(i), pg_temp.city_name(pg_temp.city(i, 1301)), pg_temp.country_name(pg_temp.city(i, 1301)),
  '/media/large/festivals/' || i || '-sm.jpg', '/media/large/festivals/' || i || '-xl.jpg'
from generate_series(1, ${SCALE.festivals}) i`,

  venues: `
insert into venues (id, name, city, country, art_url_sm, art_url_xl)
select i, pg_temp.venue_name(i), pg_temp.city_name(pg_temp.city(i, 1401)), pg_temp.country_name(pg_temp.city(i, 1401)),
  '/media/large/venues/' || i || '-sm.jpg', '/media/large/venues/' || i || '-xl.jpg'
from generate_series(1, ${SCALE.venues}) i`,

  // 1 performer, 15 % back-to-back with a second, 3 % with a third (distinct artists per set)
  setArtists: `
insert into set_artists (set_id, artist_id, position)
select set_id, artist1, 1 from set_layout
union all
select set_id, pg_temp.zipf1(set_id, 202, ${SCALE.artists}), 2 from set_layout
where pg_temp.u(set_id, 203) < 0.15 and pg_temp.zipf1(set_id, 202, ${SCALE.artists}) <> artist1
union all
select set_id, pg_temp.zipf1(set_id, 204, ${SCALE.artists}), 3 from set_layout
where pg_temp.u(set_id, 203) < 0.03 and pg_temp.zipf1(set_id, 202, ${SCALE.artists}) <> artist1
  and pg_temp.zipf1(set_id, 204, ${SCALE.artists}) not in (artist1, pg_temp.zipf1(set_id, 202, ${SCALE.artists}))`,

  sets: `
insert into sets (id, set_name, artist, curator, genre, release_date, duration_ms, art_url_sm, art_url_xl,
  audio_path, festival_id, venue_id, likes, created_at)
select l.set_id,
  case when l.festival_id is not null then a.names || ' @ ' || pg_temp.festival_name(l.festival_id) || ' ' || extract(year from l.release_date)
       when l.venue_id is not null then a.names || ' at ' || pg_temp.venue_name(l.venue_id)
       else a.names || ' - ' || (${arr(SET_SERIES)})[pg_temp.pick(l.set_id, 501, ${SET_SERIES.length})] || ' ' || pg_temp.pick(l.set_id, 502, 900) end,
  a.names,
  case l.sponsor_kind when 'label' then pg_temp.label_name(l.sponsor_label) when 'artist_meta' then pg_temp.artist_name(l.sponsor_artist) end,
  l.genre, l.release_date, l.n * l.seg * 1000,
  '/media/large/sets/' || l.set_id || '-sm.jpg', '/media/large/sets/' || l.set_id || '-xl.jpg',
  '/media/large/sets/' || l.set_id || '.mp3',
  l.festival_id, l.venue_id, l.likes,
  l.release_date + interval '20 hours'
from set_layout l
join (select set_id, string_agg(pg_temp.artist_name(artist_id), ' b2b ' order by position) as names
      from set_artists group by set_id) a on a.set_id = l.set_id`,

  setSponsors: `
insert into set_sponsors (set_id, position, sponsor_type, artist_id, label_id)
select set_id, 1,
  case sponsor_kind when 'label' then pg_temp.label_type(sponsor_label) else 'artist_meta' end,
  case when sponsor_kind = 'artist_meta' then sponsor_artist end,
  case when sponsor_kind = 'label' then sponsor_label end
from set_layout where sponsor_kind is not null`,

  // Slot g (global, 0-based): even slots introduce track g/2 + 1 (so every track is played at least once,
  // first in a set near its release), odd slots replay an already introduced track: half the time a
  // catalogue-wide hit (Zipf), otherwise a recent track.
  setTracks: `
insert into set_tracks (set_id, track_position, track_id, start_time, end_time, likes)
select l.set_id, k,
  case when (l.first_slot + k - 1) % 2 = 0 and (l.first_slot + k - 1) / 2 < ${SCALE.tracks}
         then ((l.first_slot + k - 1) / 2 + 1)::int
       when pg_temp.u(l.first_slot + k - 1, 701) < 0.5
            and pg_temp.zipf(l.first_slot + k - 1, 702, ${SCALE.tracks}, 2.5) <= (l.first_slot + k - 1) / 2
         then pg_temp.zipf(l.first_slot + k - 1, 702, ${SCALE.tracks}, 2.5)
       else greatest(1, least(${SCALE.tracks}, (l.first_slot + k - 1) / 2)
              - floor(least(${SCALE.tracks}, (l.first_slot + k - 1) / 2) * power(pg_temp.u(l.first_slot + k - 1, 703), 4)))::int
  end,
  pg_temp.boundary(l.set_id, k - 1, l.n, l.seg), pg_temp.boundary(l.set_id, k, l.n, l.seg),
  floor(40 * power(pg_temp.u(l.first_slot + k - 1, 704), 5))::int
from set_layout l, generate_series(1, l.n) k`,

  // One row per even slot: the track introduced there takes that set's date and (mostly) its genre.
  // "offset 0" keeps each level a separate subquery, so helpers get plain columns and stay inlined.
  tracks: `
insert into tracks (id, title, artist, mix_type, mix_name, label_id, label_name, release_date, bpm, key, genre,
  purchase_url, found_in_set_id, created_dt, art_url_sm, art_url_xl)
select t, title,
  pg_temp.artist_name(p1) || coalesce(', ' || pg_temp.artist_name(p2), '') || coalesce(' feat. ' || pg_temp.artist_name(f), ''),
  mt,
  case mt when 'remix' then pg_temp.artist_name(m) || ' Remix' when 'edit' then pg_temp.artist_name(m) || ' Edit' end,
  label_id, pg_temp.label_name(label_id),
  released,
  case when mt <> 'ID' then pg_temp.bpm_for(genre, pg_temp.u(t, 842)) end,
  case when mt <> 'ID' then pg_temp.key_at(pg_temp.u(t, 843)) end,
  genre,
  case when mt <> 'ID' and pg_temp.u(t, 844) < 0.8
       then 'https://www.beatport.com/track/' || pg_temp.slug(title) || '/' || (10000000 + t) end,
  case when mt = 'ID' then set_id end,
  case when mt = 'ID' then played + interval '22 hours' else released + interval '12 hours' end,
  case when mt <> 'ID' then '/media/large/tracks/' || t || '-sm.jpg' end,
  case when mt <> 'ID' then '/media/large/tracks/' || t || '-xl.jpg' end
from (
  select y.*, pg_temp.title(src) as title,
    pg_temp.producer1(src) as p1, pg_temp.producer2(src) as p2, pg_temp.feat(src) as f, pg_temp.mixer(t) as m,
    -- 85 % of an artist's releases go to one of its three home labels, the rest anywhere (Zipf)
    case when mt <> 'ID' and pg_temp.u(t, 845) < 0.93 then
      case when pg_temp.u(t, 847) < 0.85 then pg_temp.home_label(pg_temp.producer1(src), pg_temp.pick(t, 848, 3))
           else pg_temp.zipf(t, 846, ${SCALE.labels}, 2) end end as label_id,
    case when mt <> 'ID' then played - floor(400 * power(pg_temp.u(t, 841), 2))::int end as released
  from (
    select x.*, pg_temp.mix_type(t) as mt, coalesce(pg_temp.release_of(t), t) as src
    from (
      select (h + 1)::int as t, l.set_id, l.release_date as played,
        case when pg_temp.u(h + 1, 851) < 0.7 then l.genre else pg_temp.genre_at(pg_temp.u(h + 1, 852)) end as genre
      from set_layout l, generate_series((l.first_slot + 1) / 2, (l.first_slot + l.n - 1) / 2) h
      where h < ${SCALE.tracks}
      offset 0
    ) x
    offset 0
  ) y
  offset 0
) z`,

  trackArtists: `
insert into track_artists (track_id, artist_id, role, position)
select c.t, v.artist_id, v.role, v.position
from (
  select x.t, x.mt, pg_temp.producer1(x.src) as p1, pg_temp.producer2(x.src) as p2, pg_temp.feat(x.src) as f,
    pg_temp.mixer(x.t) as m
  from (
    select t, pg_temp.mix_type(t) as mt, coalesce(pg_temp.release_of(t), t) as src
    from generate_series(1, ${SCALE.tracks}) t
    offset 0
  ) x
  offset 0
) c,
lateral (values
  (c.p1, case when c.mt = 'ID' then 'ID' else 'producer' end, 1),
  (c.p2, case when c.mt = 'ID' then 'ID' else 'producer' end, 2),
  (c.f, 'feat', 3),
  (c.m, 'mixer', 4)
) v(artist_id, role, position)
where v.artist_id is not null`,

  idReleases: `
insert into id_releases (id_track_id, released_track_id, released_at)
select i.id, r.id, greatest(r.release_date + interval '9 hours', i.created_dt + interval '1 day')
from tracks i join tracks r on r.id = pg_temp.release_of(i.id)
where i.mix_type = 'ID'`,

  // Editorial lists (docs/catalogue.md): most liked recent sets, newest tracks, most booked artists, busiest
  // label_meta labels, and the most used festivals and venues.
  featured: `
insert into featured (kind, item_id, position)
select 'sets', id, row_number() over (order by likes desc, id)
from (select id, likes from sets where release_date >= ${LAST_DAY} - 365 order by likes desc, id limit 24) s
union all
select 'tracks', id, row_number() over (order by release_date desc, id)
from (select id, release_date from tracks where mix_type <> 'ID' and release_date is not null order by release_date desc, id limit 24) t
union all
select 'artists', artist_id, row_number() over (order by n desc, artist_id)
from (select artist_id, count(*) n from set_artists group by artist_id order by n desc, artist_id limit 24) a
union all
select 'labels', label_id, row_number() over (order by n desc, label_id)
from (select t.label_id, count(*) n from tracks t join labels l on l.id = t.label_id
      where l.sponsor_type = 'label_meta' group by t.label_id order by n desc, t.label_id limit 24) l
union all
select 'festivals', festival_id, row_number() over (order by n desc, festival_id)
from (select festival_id, count(*) n from sets where festival_id is not null group by festival_id order by n desc, festival_id limit 12) f
union all
select 'venues', venue_id, row_number() over (order by n desc, venue_id)
from (select venue_id, count(*) n from sets where venue_id is not null group by venue_id order by n desc, venue_id limit 12) v`,
};
