// docs/catalogue.md Set (set_meta) and set track entry, as they travel in lists (/sets), details
// (/sets/{id}), queue items and featured lists.
import { z } from 'zod';
import { count, id, isoDate, mediaUrl, namedRef, seconds } from './common';
import { GENRES, SPONSOR_TYPES } from './constants';
import { trackMeta } from './track';

/** docs/library.md set user_fav: the signed-in user's relation to a set (docs/library.md). */
export const setUserFav = z
  .object({
    is_fav: z.boolean(),
    show_likes: z.boolean(),
    // this user's moment likes on the set
    user_likes: count,
    // resume position in seconds (docs/player.md: PUT /plays)
    current_timestamp: seconds,
  })
  .meta({ id: 'SetUserFav' });
export type SetUserFav = z.infer<typeof setUserFav>;

/**
 * docs/catalogue.md set_sponsors[]: the curator. sponsor_type artist_meta links to /artists/{sponsor_id},
 * label or label_meta to /labels/{sponsor_id} (docs/web-app.md Set detail).
 */
export const setSponsor = z
  .object({ sponsor: z.string(), sponsor_id: id, sponsor_type: z.enum(SPONSOR_TYPES) })
  .meta({ id: 'SetSponsor' });
export type SetSponsor = z.infer<typeof setSponsor>;

/** docs/catalogue.md Set track entry: one track of a set's track list, times in seconds. */
export const setTrack = z
  .object({
    track_position: z.number().int().min(1),
    track_meta_id: id,
    set_meta_id: id,
    start_time: seconds,
    // the database guarantees end_time > start_time
    end_time: seconds,
    // moment likes that fell in this track (the track list's Likes column, docs/player.md)
    likes: count,
    // present (true) on an entry of a list imported without times: its start_time/end_time span the
    // whole recording, it never counts as the track playing, and the app shows it without a time
    untimed: z.literal(true).optional(),
    track_meta: trackMeta,
  })
  .meta({ id: 'SetTrack' });
export type SetTrack = z.infer<typeof setTrack>;

export const setMeta = z
  .object({
    id,
    set_name: z.string(),
    // display line of the artists
    artist: z.string(),
    artist_meta: namedRef,
    artists: z.array(namedRef),
    art_url_sm: mediaUrl.nullable(),
    art_url_xl: mediaUrl.nullable(),
    // the recorded date (docs/web-app.md Set detail 'Recorded')
    release_date: isoDate,
    // null for an imported set whose source named none of the genres; genre sorts put it last
    genre: z.enum(GENRES).nullable(),
    // genres of the set's identified tracks; cards show the first 3 (docs/catalogue.md)
    track_genres: z.array(z.enum(GENRES)),
    // docs/player.md: a link signed for the requesting user with an expiry; null without audio
    mp3_permalink: mediaUrl.nullable(),
    // milliseconds (docs/api-conventions.md)
    duration: count,
    likes: count,
    track_count: count,
    // set tracks that are identified, i.e. not ID (docs/catalogue.md)
    track_confirmed_count: count,
    set_sponsors: z.array(setSponsor),
    // where the set was recorded, when known
    festival: namedRef.nullable().optional(),
    venue: namedRef.nullable().optional(),
    // the track list: sent by GET /sets/{id}, left out of lists
    set_tracks: z.array(setTrack).optional(),
    user_fav: setUserFav.optional(),
  })
  .meta({ id: 'SetMeta' });
export type SetMeta = z.infer<typeof setMeta>;
