// docs/catalogue.md Label as it travels in lists (/labels), details (/labels/{id}) and featured lists.
import { z } from 'zod';
import { count, httpUrl, id, isoDate, mediaUrl, namedRef } from './common';
import { GENRES } from './constants';

/**
 * A label is a plain curator ('label') or has a full profile ('label_meta', docs/web-app.md Label detail).
 */
export const labelSponsorType = z.enum(['label', 'label_meta']);

/** docs/library.md user_label_stats: the signed-in user's relation to a label. */
export const userLabelStats = z
  .object({ is_followed: z.boolean(), show_likes: z.boolean(), total_user_likes: count })
  .meta({ id: 'UserLabelStats' });
export type UserLabelStats = z.infer<typeof userLabelStats>;

export const label = z
  .object({
    id,
    name: z.string(),
    // docs/web-app.md: shown only when sponsor_type is label_meta
    bio: z.string().nullable(),
    sponsor_type: labelSponsorType,
    // docs/web-app.md Label detail: 'Founded by' links to artists
    label_boss: z.array(namedRef),
    art_url_sm: mediaUrl.nullable(),
    art_url_xl: mediaUrl.nullable(),
    logo_url: mediaUrl.nullable(),
    // docs/web-app.md names no networks for labels: absolute links; the client picks the icon from the host
    socials: z.array(httpUrl),
    set_count: count,
    artist_count: count,
    track_count: count,
    latest_set_date: isoDate.nullable(),
    latest_track_date: isoDate.nullable(),
    track_genres: z.array(z.enum(GENRES)),
    user_label_stats: userLabelStats.optional(),
  })
  .meta({ id: 'Label' });
export type Label = z.infer<typeof label>;
