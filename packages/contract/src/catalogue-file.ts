// The catalogue file: what `cratedig export` writes and `cratedig import` reads (docs/import.md). Its
// items have the shapes and field names of docs/import.md as the API answers them, so an export can be
// imported as it is. On import, ids only link items within the file (the catalogue resolves every
// item by name) and the fields the catalogue maintains itself (counts, dates, genre lists, likes,
// the signed-in user's state) may be left out; they are ignored when present.
import { z } from 'zod';
import { artist } from './artist';
import { count, id, instant } from './common';
import { label } from './label';
import { festival, venue } from './place';
import { setMeta, setTrack } from './set';
import { trackMeta } from './track';

export const CATALOGUE_FILE_FORMAT = 'cratedig-catalogue';
export const CATALOGUE_FILE_VERSION = 1;

/**
 * Audio or a picture: a `/media/...` path or an http(s) URL kept as it is, or a file path relative
 * to the catalogue file, copied into the media folder on import.
 */
const mediaRef = z.string().min(1).meta({
  description:
    'A /media/... path or http(s) URL kept as is, or a file relative to this file, copied on import.',
});

const fileArtist = artist
  .omit({ user_stats: true })
  .extend({ art_url_sm: mediaRef.nullable(), art_url_xl: mediaRef.nullable() })
  .partial({
    bio: true,
    art_url_sm: true,
    art_url_xl: true,
    set_count: true,
    track_count: true,
    label_count: true,
    remix_count: true,
    id_count: true,
    latest_set_date: true,
    latest_track_date: true,
    track_genres: true,
    founded_label: true,
    beatport: true,
    instagram: true,
    youtube: true,
    website: true,
  });

const fileLabel = label
  .omit({ user_label_stats: true })
  .extend({ art_url_sm: mediaRef.nullable(), art_url_xl: mediaRef.nullable(), logo_url: mediaRef.nullable() })
  .partial({
    bio: true,
    sponsor_type: true,
    label_boss: true,
    art_url_sm: true,
    art_url_xl: true,
    logo_url: true,
    socials: true,
    set_count: true,
    artist_count: true,
    track_count: true,
    latest_set_date: true,
    latest_track_date: true,
    track_genres: true,
  });

const filePlace = (schema: typeof festival | typeof venue) =>
  schema
    .extend({ art_url_sm: mediaRef.nullable(), art_url_xl: mediaRef.nullable() })
    .partial({ art_url_sm: true, art_url_xl: true });

const fileTrack = trackMeta
  .omit({ user_fav: true })
  .extend({ art_url_sm: mediaRef.nullable(), art_url_xl: mediaRef.nullable() })
  .partial({
    artist_meta: true,
    art_url_sm: true,
    art_url_xl: true,
    release_date: true,
    genre: true,
    label_name: true,
    label_meta: true,
    label_meta_id: true,
    mix_meta: true,
    bpm: true,
    key: true,
    purchase_url: true,
    set_meta: true,
    created_dt: true,
    total_user_likes: true,
  });

const fileSetTrack = setTrack
  .extend({ track_meta: fileTrack.optional() })
  .partial({ set_meta_id: true, likes: true });

const fileSet = setMeta
  .omit({ user_fav: true, set_tracks: true })
  .extend({
    art_url_sm: mediaRef.nullable(),
    art_url_xl: mediaRef.nullable(),
    // the set's audio (unsigned; the API signs it per user)
    mp3_permalink: mediaRef.nullable(),
    // milliseconds; read from the audio when it is a file to copy
    duration: count.optional(),
    set_tracks: z.array(fileSetTrack),
  })
  .partial({
    artist_meta: true,
    art_url_sm: true,
    art_url_xl: true,
    track_genres: true,
    mp3_permalink: true,
    likes: true,
    track_count: true,
    track_confirmed_count: true,
    set_sponsors: true,
    festival: true,
    venue: true,
  });

/** Featured lists (docs/web-app.md Home) by kind: ids of items in this file, in order. */
const fileFeatured = z
  .object({
    sets: z.array(id),
    tracks: z.array(id),
    artists: z.array(id),
    labels: z.array(id),
    festivals: z.array(id),
    venues: z.array(id),
  })
  .partial();

export const catalogueFile = z
  .object({
    format: z.literal(CATALOGUE_FILE_FORMAT),
    version: z.literal(CATALOGUE_FILE_VERSION),
    exported_at: instant.optional(),
    artists: z.array(fileArtist).default([]),
    labels: z.array(fileLabel).default([]),
    festivals: z.array(filePlace(festival)).default([]),
    venues: z.array(filePlace(venue)).default([]),
    tracks: z.array(fileTrack).default([]),
    sets: z.array(fileSet).default([]),
    featured: fileFeatured.optional(),
  })
  .meta({
    id: 'CatalogueFile',
    title: 'Cratedig catalogue file',
    description:
      'Artists, labels, festivals, venues, tracks and sets with their track lists (docs/import.md).',
  });
export type CatalogueFile = z.input<typeof catalogueFile>;
export type CatalogueFileParsed = z.output<typeof catalogueFile>;
export type CatalogueFileSet = z.output<typeof fileSet>;
export type CatalogueFileTrack = z.output<typeof fileTrack>;
