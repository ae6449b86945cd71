import { SPONSOR_TYPES } from '@cratedig/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { artists } from './artists';
import { festivals } from './festivals';
import { genres } from './genres';
import { labels } from './labels';
import { artColumns, sqlList } from './sql-helpers';
import { tracks } from './tracks';
import { users } from './users';
import { venues } from './venues';

export const sets = pgTable(
  'sets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    setName: text('set_name').notNull(),
    // display string of the performers ('Solomun b2b Âme'); the sort key of set_meta.artist
    artist: text('artist').notNull(),
    // display name of the first sponsor; the sort key of set_meta.curator
    curator: text('curator'),
    // null when the source named none of the catalogue's genres (docs/import.md); sorts last
    genre: text('genre').references(() => genres.name, { onUpdate: 'cascade' }),
    // the recorded date (docs/web-app.md 'Recorded')
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    ...artColumns(),
    // site-relative ('/media/audio/…mp3') or absolute; the API turns it into a signed mp3_permalink
    audioPath: text('audio_path'),
    festivalId: integer('festival_id').references(() => festivals.id, { onDelete: 'set null' }),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    // moment likes (docs/player.md): raised by POST /set-likes
    likes: integer('likes').notNull().default(0),
    // maintained by refresh_catalogue_stats()
    trackCount: integer('track_count').notNull().default(0),
    trackConfirmedCount: integer('track_confirmed_count').notNull().default(0),
    trackGenres: text('track_genres').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // the listener who published it from the browser (docs/publishing.md); null for imported sets
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('sets_duration_ms_check', sql`${t.durationMs} > 0`),
    check('sets_likes_check', sql`${t.likes} >= 0`),
    // docs/catalogue.md set sorts, alone and under a genre filter; id breaks ties (docs/catalogue.md)
    index('sets_artist_idx').on(t.artist, t.id),
    index('sets_set_name_idx').on(t.setName, t.id),
    index('sets_curator_idx').on(t.curator, t.id),
    index('sets_genre_idx').on(t.genre, t.id),
    index('sets_release_date_idx').on(t.releaseDate, t.id),
    index('sets_genre_artist_idx').on(t.genre, t.artist, t.id),
    index('sets_genre_set_name_idx').on(t.genre, t.setName, t.id),
    index('sets_genre_curator_idx').on(t.genre, t.curator, t.id),
    index('sets_genre_release_date_idx').on(t.genre, t.releaseDate, t.id),
    // NULLS FIRST twins, scanned backwards, give `col DESC NULLS LAST, id DESC` (see list-spec.ts).
    index('sets_curator_nf_idx').on(t.curator.asc().nullsFirst(), t.id),
    index('sets_genre_curator_nf_idx').on(t.genre, t.curator.asc().nullsFirst(), t.id),
    index('sets_genre_nf_idx').on(t.genre.asc().nullsFirst(), t.id),
    index('sets_festival_idx').on(t.festivalId),
    index('sets_venue_idx').on(t.venueId),
    index('sets_owner_idx').on(t.ownerId).where(sql`${t.ownerId} is not null`),
    index('sets_set_name_trgm').using('gin', t.setName.op('gin_trgm_ops')),
    index('sets_artist_trgm').using('gin', t.artist.op('gin_trgm_ops')),
    // the list search's normalised words (migration 0013_search_speed.sql)
    index('sets_search_words').using(
      'gin',
      sql`cd_name_words(${t.setName} || ' ' || ${t.artist} || ' ' || coalesce(${t.curator}, ''))`,
    ),
    // the 1-3 letter prefixes of the same words, for short list searches (migration 0023)
    index('sets_search_prefixes').using(
      'gin',
      sql`cd_name_prefixes(${t.setName} || ' ' || ${t.artist} || ' ' || coalesce(${t.curator}, ''))`,
    ),
  ],
);

/** The performers of a set, in billing order (docs/catalogue.md set_meta.artists[]). */
export const setArtists = pgTable(
  'set_artists',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.artistId] }),
    index('set_artists_artist_idx').on(t.artistId, t.setId),
  ],
);

/**
 * Curators of a set (docs/catalogue.md set_sponsors[]): an artist (artist_meta) or a label (label /
 * label_meta).
 */
export const setSponsors = pgTable(
  'set_sponsors',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sponsorType: text('sponsor_type').notNull(),
    artistId: integer('artist_id').references(() => artists.id, { onDelete: 'cascade' }),
    labelId: integer('label_id').references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.position] }),
    check('set_sponsors_sponsor_type_check', sql`${t.sponsorType} in (${sqlList(SPONSOR_TYPES)})`),
    // exactly the foreign key that matches the sponsor type is set
    check(
      'set_sponsors_target_check',
      sql`(${t.sponsorType} = 'artist_meta' and ${t.artistId} is not null and ${t.labelId} is null)
        or (${t.sponsorType} <> 'artist_meta' and ${t.labelId} is not null and ${t.artistId} is null)`,
    ),
    index('set_sponsors_artist_idx').on(t.artistId),
    index('set_sponsors_label_idx').on(t.labelId),
  ],
);

/** A set's track list; start/end in seconds from the start of the set (docs/api-conventions.md Durations). */
export const setTracks = pgTable(
  'set_tracks',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    trackPosition: integer('track_position').notNull(),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'restrict' }),
    startTime: integer('start_time').notNull(),
    endTime: integer('end_time').notNull(),
    // moment likes of this entry (the tracklist's Likes column, docs/player.md)
    likes: integer('likes').notNull().default(0),
    // an entry of a list imported without times (docs/import.md): it spans the whole recording
    untimed: boolean('untimed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.trackPosition] }),
    check('set_tracks_track_position_check', sql`${t.trackPosition} >= 1`),
    check('set_tracks_start_time_check', sql`${t.startTime} >= 0`),
    check('set_tracks_end_time_check', sql`${t.endTime} > ${t.startTime}`),
    check('set_tracks_likes_check', sql`${t.likes} >= 0`),
    index('set_tracks_track_idx').on(t.trackId, t.setId),
  ],
);
