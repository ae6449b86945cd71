// docs/ids-and-identifications.md Notification: what happened to an ID a user
// watches or favourited, or to their suggestion for one (docs/identifications-api.md). A `release`
// entry links to the released track /tracks/{release.track_meta.id}; every other kind to the ID's page
// /tracks/{id_track.id}.
import { z } from 'zod';
import {
  afterParam,
  count,
  id,
  idParam,
  instant,
  isoDate,
  listResponse,
  mediaUrl,
  searchParam,
} from './common';
import { NOTIFICATIONS_PAGE_SIZE } from './constants';
import { proposalNames } from './identification';

export const notificationRelease = z
  .object({
    // the set the ID was heard in
    set_meta: z.object({ set_name: z.string() }),
    // the released track
    track_meta: z.object({
      id,
      artist: z.string(),
      title: z.string(),
      release_date: isoDate.nullable(),
      art_url_xl: mediaUrl.nullable(),
    }),
    // the ID's position in that set
    track_position: z.number().int().min(1),
  })
  .meta({ id: 'NotificationRelease' });
export type NotificationRelease = z.infer<typeof notificationRelease>;

/**
 * What a notification is about:
 * - `release`: the ID was released (`release` set): "Artist – Title is out: the ID you waited for
 *   from {set}".
 * - `identified`: the crowd named the ID but the track is unreleased (`proposal` is the accepted one):
 *   "The ID from {set} was identified as Artist – Title (unreleased)".
 * - `proposal_accepted`: the user's own suggestion was accepted (`proposal`): "Your suggestion Artist –
 *   Title for the ID from {set} was accepted".
 * - `proposal_on_watched`: someone suggested what an ID the user watches is (`proposal`, the first of
 *   the day; at most one such notification a day per ID): "{username} suggested Artist – Title for
 *   the ID from {set}".
 * - `takedown`: the operator took down a set the user published (`upload`; `id_track` is null):
 *   TAKEDOWN_TITLE (publish-api.ts), with the set's name and the reason; it links to the user's sets
 *   (/publish).
 */
export const NOTIFICATION_KINDS = [
  'release',
  'identified',
  'proposal_accepted',
  'proposal_on_watched',
  'takedown',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The ID a notification is about: its title line, and the set (and position) it was heard in. */
export const notificationIdTrack = z
  .object({
    id,
    artist: z.string(),
    title: z.string(),
    set_meta: z.object({ id, set_name: z.string() }).nullable(),
    track_position: z.number().int().min(1).nullable(),
  })
  .meta({ id: 'NotificationIdTrack' });
export type NotificationIdTrack = z.infer<typeof notificationIdTrack>;

/** The suggestion a notification names: what it says the ID is, and who suggested it. */
export const notificationProposal = z
  .object({ id, names: proposalNames, author: z.object({ id, username: z.string() }) })
  .meta({ id: 'NotificationProposal' });
export type NotificationProposal = z.infer<typeof notificationProposal>;

/** The user's set a `takedown` notification is about: the draft (their sets' id), its name, why. */
export const notificationUpload = z
  .object({
    // the draft's id (`/api/publish/sets/{id}`)
    id: z.string(),
    set_name: z.string(),
    reason: z.string(),
  })
  .meta({ id: 'NotificationUpload' });
export type NotificationUpload = z.infer<typeof notificationUpload>;

export const notification = z
  .object({
    id,
    kind: z.enum(NOTIFICATION_KINDS),
    is_read: z.boolean(),
    read_dt: instant.nullable(),
    created_dt: instant,
    // the ID this is about (every kind but takedown, null for takedown)
    id_track: notificationIdTrack.nullable(),
    // kind release only, null otherwise
    release: notificationRelease.nullable(),
    // kinds identified, proposal_accepted and proposal_on_watched; null for release
    proposal: notificationProposal.nullable(),
    // kind takedown only, null otherwise
    upload: notificationUpload.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

/**
 * docs/ids-and-identifications.md GET /notifications: newest first, 10 a page; `after` is the created_dt of
 * the last item shown (a keyset cursor, so new notifications never shift the pages). Several notifications
 * can share a created_dt (one import releasing many IDs): send the last item's id as `after_id` too and pages
 * never overlap nor skip; `after` alone returns the items strictly older than it. `search` matches
 * the released or suggested track's artist or title.
 */
export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  order_by: z.literal('notification.created_dt').default('notification.created_dt'),
  order_direction: z.literal('desc').default('desc'),
  search: searchParam.optional(),
  after: afterParam.pipe(instant).optional(),
  after_id: idParam.optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

/**
 * GET /notifications answers `{data, pagination}`: pagination.total counts all of the caller's
 * notifications matching `search`, pagination.offset how many of them come before this page; Load More
 * shows while offset + count < total.
 */
export const notificationList = listResponse(notification).meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationList>;

/** GET /notifications/unread-count: the bell's badge (the client caps it at 99+). */
export const unreadCount = z.object({ unread: count }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCount>;

/** PUT /notifications/read-all: how many were marked read by this call; nothing is unread after it. */
export const markAllReadResult = z.object({ marked: count, unread: count }).meta({ id: 'MarkAllReadResult' });
export type MarkAllReadResult = z.infer<typeof markAllReadResult>;
