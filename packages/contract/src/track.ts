// docs/catalogue.md Track (track_meta) as it travels in lists (/tracks, IDs), details and set track lists.
import { z } from 'zod';
import { count, httpUrl, id, instant, isoDate, mediaUrl, namedRef, seconds } from './common';
import { ARTIST_ROLES, GENRES, MIX_TYPES } from './constants';
import { trackIdentification } from './identification';

/** docs/library.md track user_fav: the signed-in user's relation to a track (docs/library.md). */
export const trackUserFav = z
  .object({
    is_fav: z.boolean(),
    // for an ID this means "watching" it (docs/library.md)
    show_likes: z.boolean(),
    // this user's moment likes on the track
    user_likes: count,
    is_purchased: z.boolean(),
  })
  .meta({ id: 'TrackUserFav' });
export type TrackUserFav = z.infer<typeof trackUserFav>;

/** docs/catalogue.md artists[]: every credited artist with their role (producer, ID, feat, mixer). */
export const trackArtist = z
  .object({ role: z.enum(ARTIST_ROLES), artist_meta: namedRef })
  .meta({ id: 'TrackArtist' });
export type TrackArtist = z.infer<typeof trackArtist>;

/** The set an ID was first heard in (docs/web-app.md Track detail 'Found in'). */
export const trackFoundInSet = z.object({ id, set_name: z.string(), release_date: isoDate.nullable() });

/**
 * For an ID that came out: the track it was released as (the ID page's 'Released as …' with its
 * release date and Buy link); null while it is unreleased, and for tracks that are not IDs.
 */
export const trackRelease = z
  .object({
    id,
    title: z.string(),
    artist: z.string(),
    artists: z.array(trackArtist),
    release_date: isoDate.nullable(),
    purchase_url: httpUrl.nullable(),
    art_url_sm: mediaUrl.nullable(),
  })
  .meta({ id: 'TrackRelease' });
export type TrackRelease = z.infer<typeof trackRelease>;

/** For a released track that was an ID first: 'First heard in {set} on {date}'. */
export const trackFirstHeard = z
  .object({
    // the ID the track was heard as
    id_track_id: id,
    set_meta: z.object({ id, set_name: z.string() }).nullable(),
    // when the ID was first heard (the ID's created_dt)
    created_dt: instant,
  })
  .meta({ id: 'TrackFirstHeard' });
export type TrackFirstHeard = z.infer<typeof trackFirstHeard>;

export const trackMeta = z
  .object({
    id,
    title: z.string(),
    // display line of the artists, e.g. 'Bicep & Hammer'
    artist: z.string(),
    artists: z.array(trackArtist),
    artist_meta: z.object({ name: z.string() }),
    art_url_sm: mediaUrl.nullable(),
    art_url_xl: mediaUrl.nullable(),
    // an ID has no release date, genre, label, BPM or key (docs/web-app.md Track detail)
    release_date: isoDate.nullable(),
    genre: z.enum(GENRES).nullable(),
    label_name: z.string().nullable(),
    label_meta: z.object({ id }).nullable(),
    label_meta_id: id.nullable(),
    mix_type: z.enum(MIX_TYPES),
    // the remixer or editor, for the title's 'Remix' / 'Edit' credit
    mix_meta: z.object({ name: z.string() }).nullable(),
    bpm: z.number().positive().nullable(),
    key: z.string().nullable(),
    purchase_url: httpUrl.nullable(),
    // for an ID: the set it was found in; null otherwise
    set_meta: trackFoundInSet.nullable(),
    // for an ID the 'First Heard' date (docs/ids-and-identifications.md)
    created_dt: instant,
    // how many users have the track in their likes (badge up to 999)
    total_user_likes: count,
    user_fav: trackUserFav.optional(),
    // for an ID: its release once it came out (lists such as Watched IDs mark those), else null
    release: trackRelease.nullable().optional(),
    // for an ID: who named it, or how many suggestions are open (identification.ts); null for a track
    // that is not an ID. Every track shape the API sends carries it.
    identification: trackIdentification.nullable().optional(),
  })
  .meta({ id: 'TrackMeta' });
export type TrackMeta = z.infer<typeof trackMeta>;

/**
 * GET /tracks/{id}: the track plus what only its page shows. set_count: the sets it can be played in
 * (0: Play has nothing to start). For an ID, waiting_count is how many
 * listeners watch or favourited it ('12 listeners are waiting for this ID'); null for other tracks.
 * first_heard is set on a released track that was heard as an ID first.
 */
export const trackDetail = trackMeta
  .extend({
    // how many sets play it (for a released ID, with the sets it was heard in as the ID): its Play
    // needs one
    set_count: count,
    waiting_count: count.nullable(),
    first_heard: trackFirstHeard.nullable(),
    // present (true) when every set playing it lists it without times: Play starts such a set from
    // its beginning, as there is no moment of the track to start from
    untimed_only: z.literal(true).optional(),
  })
  .meta({ id: 'TrackDetail' });
export type TrackDetail = z.infer<typeof trackDetail>;

/**
 * docs/player.md: `GET /set_tracks/play/{track_id}` answers where to play a track. A set that lists it
 * with a time is chosen first; `untimed` (true) says the only sets playing it list it without times,
 * so start_time is the set's beginning, not the track's.
 */
export const trackPlayTarget = z
  .object({ set_meta_id: id, start_time: seconds, untimed: z.literal(true).optional() })
  .meta({ id: 'TrackPlayTarget' });
export type TrackPlayTarget = z.infer<typeof trackPlayTarget>;
