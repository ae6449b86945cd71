// docs/catalogue.md Festival and venue: where sets were recorded; featured on Home, opening /search?s={name}.
import { z } from 'zod';
import { id, mediaUrl } from './common';

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
