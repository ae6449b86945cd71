// docs/catalogue.md Artist as it travels in lists (/artists), details (/artists/{id}) and featured lists.
import { z } from 'zod';
import { count, httpUrl, id, isoDate, mediaUrl, namedRef } from './common';
import { GENRES } from './constants';

/** docs/library.md user_stats: the signed-in user's relation to an artist (docs/library.md). */
export const userStats = z
  .object({
    is_followed: z.boolean(),
    show_likes: z.boolean(),
    // how many users have the artist in their likes; the badge caps at 999 (docs/web-app.md)
    total_user_likes: count,
  })
  .meta({ id: 'UserStats' });
export type UserStats = z.infer<typeof userStats>;

export const artist = z
  .object({
    id,
    name: z.string(),
    bio: z.string().nullable(),
    art_url_sm: mediaUrl.nullable(),
    art_url_xl: mediaUrl.nullable(),
    set_count: count,
    track_count: count,
    label_count: count,
    remix_count: count,
    id_count: count,
    latest_set_date: isoDate.nullable(),
    latest_track_date: isoDate.nullable(),
    track_genres: z.array(z.enum(GENRES)),
    // docs/web-app.md Artist detail: 'Founder of' links to /labels/{id}
    founded_label: z.array(namedRef),
    // docs/web-app.md: the artist's social buttons
    beatport: httpUrl.nullable(),
    instagram: httpUrl.nullable(),
    youtube: httpUrl.nullable(),
    website: httpUrl.nullable(),
    // present only when a signed-in user asked
    user_stats: userStats.optional(),
  })
  .meta({ id: 'Artist' });
export type Artist = z.infer<typeof artist>;
