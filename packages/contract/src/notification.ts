// spec §3 Notification and domain.md "IDs, releases, notifications": an ID a user watched or
// favourited was released; the entry links to /tracks/{release.track_meta.id}.
import { z } from 'zod';
import { afterParam, id, instant, isoDate, mediaUrl, searchParam } from './common';
import { NOTIFICATIONS_PAGE_SIZE } from './constants';

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

export const notification = z
  .object({
    id,
    is_read: z.boolean(),
    read_dt: instant.nullable(),
    created_dt: instant,
    release: notificationRelease,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

/**
 * spec §7 GET /notifications: newest first, 10 a page; `after` is the created_dt of the last item
 * shown (a keyset cursor, so new notifications never shift the pages).
 */
export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  order_by: z.literal('notification.created_dt').default('notification.created_dt'),
  order_direction: z.literal('desc').default('desc'),
  search: searchParam.optional(),
  after: afterParam.pipe(instant).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;
