import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
} from 'drizzle-orm/pg-core';
import { artists } from './artists';
import { festivals } from './festivals';
import { labels } from './labels';
import { sets } from './sets';
import { tracks } from './tracks';
import { users } from './users';
import { venues } from './venues';

// Per-user state on catalogue items (docs/library.md user_fav / user_stats / user_label_stats). A row exists
// once the user touched the item; the toggles flip one column in one atomic statement. The items'
// total_user_likes columns count rows with show_likes = true and are kept exact by the same statements.

const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const userSetFavs = pgTable(
  'user_set_favs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    isFav: boolean('is_fav').notNull().default(false),
    showLikes: boolean('show_likes').notNull().default(false),
    // this user's moment likes on the set
    userLikes: integer('user_likes').notNull().default(0),
    // resume position in seconds (PUT /plays); on the wire user_fav.current_timestamp. Not named
    // current_timestamp here: that is an SQL keyword, a trap in every raw query.
    resumePositionS: doublePrecision('resume_position_s').notNull().default(0),
    // when PUT /plays last saved the position: orders 'Continue listening' and the last played set
    positionSavedAt: timestamp('position_saved_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.setId] }),
    index('user_set_favs_set_idx').on(t.setId),
    index('user_set_favs_fav_idx').on(t.userId, t.isFav, t.setId),
    index('user_set_favs_likes_idx').on(t.userId, t.showLikes, t.updatedAt),
    index('user_set_favs_played_idx')
      .on(t.userId, t.positionSavedAt.desc())
      .where(sql`${t.positionSavedAt} is not null`),
  ],
);

export const userTrackFavs = pgTable(
  'user_track_favs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    isFav: boolean('is_fav').notNull().default(false),
    // for an ID (mix_type ID) this means the user watches it (docs/library.md)
    showLikes: boolean('show_likes').notNull().default(false),
    userLikes: integer('user_likes').notNull().default(0),
    isPurchased: boolean('is_purchased').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.trackId] }),
    index('user_track_favs_track_idx').on(t.trackId),
    index('user_track_favs_fav_idx').on(t.userId, t.isFav, t.trackId),
    index('user_track_favs_likes_idx').on(t.userId, t.showLikes, t.updatedAt),
  ],
);

export const userArtistStats = pgTable(
  'user_artist_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    isFollowed: boolean('is_followed').notNull().default(false),
    showLikes: boolean('show_likes').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.artistId] }),
    index('user_artist_stats_artist_idx').on(t.artistId),
    index('user_artist_stats_followed_idx').on(t.userId, t.isFollowed, t.artistId),
    index('user_artist_stats_likes_idx').on(t.userId, t.showLikes, t.updatedAt),
  ],
);

export const userLabelStats = pgTable(
  'user_label_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    isFollowed: boolean('is_followed').notNull().default(false),
    showLikes: boolean('show_likes').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.labelId] }),
    index('user_label_stats_label_idx').on(t.labelId),
    index('user_label_stats_followed_idx').on(t.userId, t.isFollowed, t.labelId),
    index('user_label_stats_likes_idx').on(t.userId, t.showLikes, t.updatedAt),
  ],
);

/** Festivals and venues a user follows (their pages' Follow). No likes: a place counts its followers. */
export const userFestivalStats = pgTable(
  'user_festival_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    festivalId: integer('festival_id')
      .notNull()
      .references(() => festivals.id, { onDelete: 'cascade' }),
    isFollowed: boolean('is_followed').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.festivalId] }),
    index('user_festival_stats_festival_idx').on(t.festivalId, t.isFollowed),
  ],
);

export const userVenueStats = pgTable(
  'user_venue_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    isFollowed: boolean('is_followed').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.venueId] }),
    index('user_venue_stats_venue_idx').on(t.venueId, t.isFollowed),
  ],
);
