import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { artists } from './artists';
import { artColumns } from './sql-helpers';

export const labels = pgTable(
  'labels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    bio: text('bio'),
    // docs/web-app.md: label_meta is a full profile (bio shown); label shows 'Curator profiles coming soon!'
    sponsorType: text('sponsor_type').notNull().default('label'),
    ...artColumns(),
    logoUrl: text('logo_url'),
    // links keyed by network (instagram, soundcloud, website, ...): the set of networks is open-ended
    socials: jsonb('socials').$type<Record<string, string>>().notNull().default({}),
    // maintained by refresh_catalogue_stats()
    setCount: integer('set_count').notNull().default(0),
    artistCount: integer('artist_count').notNull().default(0),
    trackCount: integer('track_count').notNull().default(0),
    latestSetDate: date('latest_set_date', { mode: 'string' }),
    latestTrackDate: date('latest_track_date', { mode: 'string' }),
    trackGenres: text('track_genres').array().notNull().default([]),
    // its released tracks (the Tracks tab's total), maintained by refresh_catalogue_relations()
    releasedTrackCount: integer('released_track_count').notNull().default(0),
    // users with the item in their likes (show_likes); kept exact by the library toggles
    totalUserLikes: integer('total_user_likes').notNull().default(0),
  },
  (t) => [
    check('labels_sponsor_type_check', sql`${t.sponsorType} in ('label', 'label_meta')`),
    index('labels_name_idx').on(t.name, t.id),
    index('labels_set_count_idx').on(t.setCount, t.id),
    index('labels_latest_set_date_idx').on(t.latestSetDate, t.id),
    index('labels_track_count_idx').on(t.trackCount, t.id),
    index('labels_latest_track_date_idx').on(t.latestTrackDate, t.id),
    // NULLS FIRST twins, scanned backwards, give `col DESC NULLS LAST, id DESC` (see list-spec.ts).
    index('labels_latest_set_date_nf_idx').on(t.latestSetDate.asc().nullsFirst(), t.id),
    index('labels_latest_track_date_nf_idx').on(t.latestTrackDate.asc().nullsFirst(), t.id),
    index('labels_artist_count_idx').on(t.artistCount, t.id),
    index('labels_track_genres_gin').using('gin', t.trackGenres),
    index('labels_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('labels_search_words').using('gin', sql`cd_name_words(${t.name})`),
    index('labels_search_prefixes').using('gin', sql`cd_name_prefixes(${t.name})`),
  ],
);

/** docs/catalogue.md label_boss / artist founded_label: the founders of a label. */
export const labelBosses = pgTable(
  'label_bosses',
  {
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.labelId, t.artistId] }), index('label_bosses_artist_idx').on(t.artistId)],
);
