// docs/catalogue.md Festival and venue: where sets were recorded; featured on Home, each with a page of
// its own (/festivals/{id}, /venues/{id}): its sets, and a Follow.
import { z } from 'zod';
import { count, id, isoDate, mediaUrl } from './common';

const placeFields = {
  id,
  name: z.string(),
  art_url_sm: mediaUrl.nullable(),
  art_url_xl: mediaUrl.nullable(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
};

export const festival = z.object(placeFields).meta({ id: 'Festival' });
export type Festival = z.infer<typeof festival>;

export const venue = z.object(placeFields).meta({ id: 'Venue' });
export type Venue = z.infer<typeof venue>;

/** The signed-in user's relation to a festival or venue. */
export const userPlaceStats = z.object({ is_followed: z.boolean() }).meta({ id: 'UserPlaceStats' });
export type UserPlaceStats = z.infer<typeof userPlaceStats>;

/**
 * GET /festivals/{id}, /venues/{id}: the place with what its page says of it. `set_count` and
 * `first_set_date`/`latest_set_date` count the sets recorded there (dates null when none);
 * `followers` counts the listeners following it.
 */
const placeDetailFields = {
  ...placeFields,
  set_count: count,
  first_set_date: isoDate.nullable(),
  latest_set_date: isoDate.nullable(),
  followers: count,
  user_place_stats: userPlaceStats,
};
export const festivalDetail = z.object(placeDetailFields).meta({ id: 'FestivalDetail' });
export type FestivalDetail = z.infer<typeof festivalDetail>;
export const venueDetail = z.object(placeDetailFields).meta({ id: 'VenueDetail' });
export type VenueDetail = z.infer<typeof venueDetail>;
export type PlaceDetail = FestivalDetail | VenueDetail;
