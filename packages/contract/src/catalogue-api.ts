// The catalogue calls: request and response schemas of the discover lists, the detail pages and their tabs, and the
// featured lists. Built from the entity schemas, so the API cannot send a field they do not name.
import { z } from 'zod';
import { artist } from './artist';
import { count, idParam, idParams, listQuery, listResponse, offsetParam } from './common';
import { label } from './label';
import { festival, venue } from './place';
import { setMeta, setTrack } from './set';
import { trackMeta } from './track';

// ---------------------------------------------------------------------------------------------------
// Queries

/**
 * GET /sets, /sets/favs, /artists/{id}/sets, /labels/{id}/sets, /tracks/{id}/sets.
 * genre filters on the set's own genre.
 */
export const setListQuery = listQuery('sets');
/**
 * GET /sets and /sets/favs: also the sets recorded at one festival or venue (Home's featured places
 * open this list, /sets?festival={id} or /sets?venue={id}).
 */
export const discoverSetListQuery = setListQuery.extend({
  festival_id: idParam.optional(),
  venue_id: idParam.optional(),
});
export type DiscoverSetListQuery = z.output<typeof discoverSetListQuery>;
/**
 * GET /tracks, /tracks/favs, /artists/{id}/tracks and /remixes, /labels/{id}/tracks.
 * These list released tracks only: IDs (mix_type ID) have their own lists (/artists/{id}/ids and the
 * profile's Watched IDs), so the Tracks discover list never shows an unreleased track.
 */
export const trackListQuery = listQuery('tracks');
/** GET /artists/{id}/ids: the artist's IDs, sortable by artist, title and first seen (docs/catalogue.md). */
export const idListQuery = listQuery('ids');
/** GET /artists, /artists/followed, /labels/{id}/artists. genre: any of the artist's track_genres. */
export const artistListQuery = listQuery('artists');
/** GET /labels, /labels/followed, /artists/{id}/labels. genre: any of the label's track_genres. */
export const labelListQuery = listQuery('labels');

/** GET /featured/{kind}: editorial order (docs/catalogue.md), so only paging. */
export const featuredQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: offsetParam,
});
export type FeaturedQuery = z.output<typeof featuredQuery>;

export { idParams };

// ---------------------------------------------------------------------------------------------------
// Responses

export const setList = listResponse(setMeta).meta({ id: 'SetList' });
export const trackList = listResponse(trackMeta).meta({ id: 'TrackList' });
export const artistList = listResponse(artist).meta({ id: 'ArtistList' });
export const labelList = listResponse(label).meta({ id: 'LabelList' });
export const festivalList = listResponse(festival).meta({ id: 'FestivalList' });
export const venueList = listResponse(venue).meta({ id: 'VenueList' });

/** GET /sets/{id}: the set with its track list in track_position order (always present here). */
export const setDetail = setMeta.extend({ set_tracks: z.array(setTrack) }).meta({ id: 'SetDetail' });
export type SetDetail = z.infer<typeof setDetail>;

/** The kinds of GET /featured/{kind}; `tracks` feeds Home's "Newest Tracks". */
export const FEATURED_KINDS = ['sets', 'tracks', 'artists', 'labels', 'festivals', 'venues'] as const;
export type FeaturedKind = (typeof FEATURED_KINDS)[number];

/** The item each featured kind answers, in its contract shape (a page of them per GET /featured/{kind}). */
export interface FeaturedItems {
  sets: z.infer<typeof setMeta>;
  tracks: z.infer<typeof trackMeta>;
  artists: z.infer<typeof artist>;
  labels: z.infer<typeof label>;
  festivals: z.infer<typeof festival>;
  venues: z.infer<typeof venue>;
}

/** The kinds of the share previews GET /public/preview/{kind}/{id} (docs/catalogue.md Sharing). */
export const PREVIEW_KINDS = ['sets', 'tracks', 'artists', 'labels'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** The share link of an item, relative to the site address (docs/catalogue.md Sharing, copy message). */
export function previewPath(kind: PreviewKind, id: number): string {
  return `/public/preview/${kind}/${id}`;
}

// ---------------------------------------------------------------------------------------------------
// Keyset cursor (`after`)

/**
 * `after` is a keyset cursor: base64url of the JSON array `[sortValue, id]` of the last item of the
 * page already shown, where sortValue is that item's value of the requested order_by field (a string,
 * number, 'YYYY-MM-DD' date, ISO instant, or null). The next page starts strictly after that item in
 * the requested order (nulls sort last in both directions; ties break on id). `offset` still applies
 * after the cursor (send 0). A plain, non-cursor string (docs/catalogue.md: "the name or title of the last
 * item") is taken as the sort value alone: the page then starts after every item with that value.
 */
export type CursorValue = string | number | null;

export function encodeCursor(value: CursorValue, id: number): string {
  return base64UrlEncode(JSON.stringify([value, id]));
}

export interface DecodedCursor {
  value: CursorValue;
  /** Undefined for a plain-value cursor. */
  id: number | undefined;
}

const cursorTuple = z.tuple([z.union([z.string(), z.number(), z.null()]), count]);

export function decodeCursor(after: string): DecodedCursor {
  try {
    const parsed = cursorTuple.safeParse(JSON.parse(base64UrlDecode(after)));
    if (parsed.success) return { value: parsed.data[0], id: parsed.data[1] };
  } catch {
    // not a cursor: a plain value, below
  }
  return { value: after, id: undefined };
}

// Hand-rolled base64url over UTF-8: the contract is shared by Node and the browser and types neither's
// globals (btoa, TextEncoder).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function utf8Bytes(text: string): number[] {
  // encodeURIComponent yields UTF-8 as %XX escapes; every other character is ASCII already.
  const escaped = encodeURIComponent(text);
  const bytes: number[] = [];
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] === '%') {
      bytes.push(Number.parseInt(escaped.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(escaped.charCodeAt(i));
  }
  return bytes;
}

function base64UrlEncode(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    const chars = [(n >> 18) & 63, (n >> 12) & 63, (n >> 6) & 63, n & 63].map((k) => B64[k]).join('');
    out += chars.slice(0, Math.min(4, bytes.length - i + 1));
  }
  return out;
}

function base64UrlDecode(text: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) throw new Error('not base64url');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    buffer = (buffer << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 255);
    }
  }
  // decodeURIComponent throws on invalid UTF-8, which is what we want for a garbage cursor.
  return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
}
