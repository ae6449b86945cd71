import { ARTIST_ROLES, MIX_TYPES } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { artists } from './artists';
import { genres } from './genres';
import { labels } from './labels';
import { sets } from './sets';
import { artColumns, sqlList } from './sql-helpers';

export const tracks = pgTable(
  'tracks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    // display string of the credited artists ('Kessa feat. Ilo'); the sort key of track_meta.artist
    artist: text('artist').notNull(),
    mixType: text('mix_type').notNull(),
    // 'Âme Remix'; null for original mixes and IDs
    mixName: text('mix_name'),
    labelId: integer('label_id').references(() => labels.id, { onDelete: 'set null' }),
    // denormalised label name: the sort key of track_meta.label_name
    labelName: text('label_name'),
    // null for IDs (unreleased)
    releaseDate: date('release_date', { mode: 'string' }),
    bpm: integer('bpm'),
    key: text('key'),
    genre: text('genre').references(() => genres.name, { onUpdate: 'cascade' }),
    purchaseUrl: text('purchase_url'),
    // IDs (docs/ids-and-identifications.md): the set the ID was heard in, and when it was first heard
    foundInSetId: integer('found_in_set_id').references(() => sets.id, { onDelete: 'set null' }),
    createdDt: timestamp('created_dt', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...artColumns(),
    // maintained by refresh_catalogue_stats()
    setCount: integer('set_count').notNull().default(0),
    // users with the item in their likes (show_likes); kept exact by the library toggles
    totalUserLikes: integer('total_user_likes').notNull().default(0),
  },
  (t) => [
    check('tracks_mix_type_check', sql`${t.mixType} in (${sqlList(MIX_TYPES)})`),
    check('tracks_bpm_check', sql`${t.bpm} between 40 and 250`),
    // docs/catalogue.md track sorts, alone and under a genre filter; id breaks ties (docs/catalogue.md)
    index('tracks_artist_idx').on(t.artist, t.id),
    index('tracks_title_idx').on(t.title, t.id),
    index('tracks_label_name_idx').on(t.labelName, t.id),
    index('tracks_genre_idx').on(t.genre, t.id),
    index('tracks_release_date_idx').on(t.releaseDate, t.id),
    index('tracks_genre_artist_idx').on(t.genre, t.artist, t.id),
    index('tracks_genre_title_idx').on(t.genre, t.title, t.id),
    index('tracks_genre_label_name_idx').on(t.genre, t.labelName, t.id),
    index('tracks_genre_release_date_idx').on(t.genre, t.releaseDate, t.id),
    // NULLS FIRST twins, scanned backwards, give `col DESC NULLS LAST, id DESC` (see list-spec.ts).
    index('tracks_label_name_nf_idx').on(t.labelName.asc().nullsFirst(), t.id),
    index('tracks_genre_label_name_nf_idx').on(t.genre, t.labelName.asc().nullsFirst(), t.id),
    index('tracks_genre_nf_idx').on(t.genre.asc().nullsFirst(), t.id),
    index('tracks_release_date_nf_idx').on(t.releaseDate.asc().nullsFirst(), t.id),
    index('tracks_genre_release_date_nf_idx').on(t.genre, t.releaseDate.asc().nullsFirst(), t.id),
    // docs/catalogue.md IDs sorted by first seen
    index('tracks_ids_created_dt_idx').on(t.createdDt, t.id).where(sql`${t.mixType} = 'ID'`),
    index('tracks_label_idx').on(t.labelId, t.releaseDate),
    index('tracks_found_in_set_idx').on(t.foundInSetId),
    index('tracks_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('tracks_artist_trgm').using('gin', t.artist.op('gin_trgm_ops')),
    // the list search's normalised words (migration 0013_search_speed.sql)
    index('tracks_search_words').using(
      'gin',
      sql`cd_name_words(${t.title} || ' ' || ${t.artist} || ' ' || coalesce(${t.mixName}, '') || ' ' || coalesce(${t.labelName}, ''))`,
    ),
    // the 1-3 letter prefixes of the same words, for short list searches (migration 0023)
    index('tracks_search_prefixes').using(
      'gin',
      sql`cd_name_prefixes(${t.title} || ' ' || ${t.artist} || ' ' || coalesce(${t.mixName}, '') || ' ' || coalesce(${t.labelName}, ''))`,
    ),
  ],
);

/**
 * Credits of a track (docs/catalogue.md artists[]{role}): producer, ID (the artist of an ID), feat, mixer.
 */
export const trackArtists = pgTable(
  'track_artists',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'restrict' }),
    role: text('role').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trackId, t.artistId, t.role] }),
    check('track_artists_role_check', sql`${t.role} in (${sqlList(ARTIST_ROLES)})`),
    index('track_artists_artist_idx').on(t.artistId, t.role, t.trackId),
  ],
);

/** An ID released later as a track (docs/ids-and-identifications.md): drives the release notifications. */
export const idReleases = pgTable(
  'id_releases',
  {
    idTrackId: integer('id_track_id')
      .primaryKey()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    releasedTrackId: integer('released_track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('id_releases_distinct_check', sql`${t.idTrackId} <> ${t.releasedTrackId}`),
    index('id_releases_released_track_idx').on(t.releasedTrackId),
  ],
);
