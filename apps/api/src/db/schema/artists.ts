import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { artColumns } from './sql-helpers';

// The *_count, latest_*_date and track_genres columns are maintained by refresh_catalogue_stats()
// (docs/decisions/0002-maintained-catalogue-stats.md); nothing else writes them.
export const artists = pgTable(
  'artists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    bio: text('bio'),
    ...artColumns(),
    beatport: text('beatport'),
    instagram: text('instagram'),
    youtube: text('youtube'),
    website: text('website'),
    setCount: integer('set_count').notNull().default(0),
    trackCount: integer('track_count').notNull().default(0),
    labelCount: integer('label_count').notNull().default(0),
    remixCount: integer('remix_count').notNull().default(0),
    idCount: integer('id_count').notNull().default(0),
    latestSetDate: date('latest_set_date', { mode: 'string' }),
    latestTrackDate: date('latest_track_date', { mode: 'string' }),
    trackGenres: text('track_genres').array().notNull().default([]),
    // users with the item in their likes (show_likes); kept exact by the library toggles
    totalUserLikes: integer('total_user_likes').notNull().default(0),
  },
  (t) => [
    // docs/catalogue.md artist sorts; the id makes every order total (docs/api-conventions.md: ties break on
    // id)
    index('artists_name_idx').on(t.name, t.id),
    index('artists_set_count_idx').on(t.setCount, t.id),
    index('artists_latest_set_date_idx').on(t.latestSetDate, t.id),
    index('artists_track_count_idx').on(t.trackCount, t.id),
    index('artists_latest_track_date_idx').on(t.latestTrackDate, t.id),
    // NULLS FIRST twins, scanned backwards, give `col DESC NULLS LAST, id DESC` (see list-spec.ts).
    index('artists_latest_set_date_nf_idx').on(t.latestSetDate.asc().nullsFirst(), t.id),
    index('artists_latest_track_date_nf_idx').on(t.latestTrackDate.asc().nullsFirst(), t.id),
    // genre filter: track_genres @> array[genre]
    index('artists_track_genres_gin').using('gin', t.trackGenres),
    index('artists_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('artists_search_words').using('gin', sql`cd_name_words(${t.name})`),
    index('artists_search_prefixes').using('gin', sql`cd_name_prefixes(${t.name})`),
  ],
);
