// Live events: a server-sent event stream per signed-in browser tab that carries the user's new
// notifications (the bell) and the changes of the IDs the tab shows (proposal counts, statuses, the
// ID's state), on one instance or several (docs/identifications-api.md "Live events").
import { z } from 'zod';
import { count, id, instant } from './common';
import { IDENTIFICATION_STATUSES, trackIdentification } from './identification';
import { notification } from './notification';

/** At most this many IDs watched by one stream (the track ids of the page on screen). */
export const LIVE_TRACKS_MAX = 50;

/**
 * POST /events/ticket (with the bearer token): a ticket to open the stream with. Single use and short
 * lived (expires_dt), so the access token never appears in a URL; open GET /events?ticket=… within
 * that time. A reconnect needs a new ticket.
 */
export const eventTicket = z.object({ ticket: z.string(), expires_dt: instant }).meta({ id: 'EventTicket' });
export type EventTicket = z.infer<typeof eventTicket>;

/**
 * GET /events: `ticket` from POST /events/ticket; `tracks` the ids of the IDs on screen, comma
 * separated (at most LIVE_TRACKS_MAX), whose changes the stream carries; `last_event_id` (or the
 * Last-Event-ID header an EventSource sends) the id of the last event received, to catch up on what
 * was missed since.
 */
export const eventStreamQuery = z.object({
  ticket: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a ticket.'),
  tracks: z
    .string()
    .max(600)
    .regex(/^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*)?$/, 'Must be track ids separated by commas.')
    .transform((v) => (v === '' ? [] : [...new Set(v.split(',').map(Number))]))
    .pipe(z.array(id).max(LIVE_TRACKS_MAX, `At most ${LIVE_TRACKS_MAX} tracks.`))
    .optional(),
  last_event_id: z
    .string()
    .regex(/^[0-9]{1,15}$/, 'Must be an event id.')
    .optional(),
});
export type EventStreamQuery = z.output<typeof eventStreamQuery>;

/** The `event:` names of the stream; each event's `data:` is the JSON of the schema below. */
export const LIVE_EVENT_TYPES = ['ready', 'notification', 'identification', 'upload'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * `ready`, first on every connection. `missed` is true when the stream could not catch up since
 * last_event_id (too old, kept for LIVE_EVENT_RETENTION_S): re-read the bell and the page instead.
 */
export const readyEvent = z.object({ missed: z.boolean() }).meta({ id: 'ReadyEvent' });
export type ReadyEvent = z.infer<typeof readyEvent>;

/** `notification`: a new notification of the user, and how many are unread now (the bell's badge). */
export const notificationEvent = z.object({ notification, unread: count }).meta({ id: 'NotificationEvent' });
export type NotificationEvent = z.infer<typeof notificationEvent>;

/** What happened to a proposal of an ID. */
export const IDENTIFICATION_CHANGES = ['created', 'voted', 'withdrawn', 'decided'] as const;

/**
 * `identification`: a proposal of a watched ID changed (created, voted on, withdrawn, decided), with
 * its counts and status and the ID's state after the change. Votes stay private: only counts travel.
 * A proposal id the page does not know yet (created) means: re-read the proposals.
 */
export const identificationEvent = z
  .object({
    id_track_id: id,
    change: z.enum(IDENTIFICATION_CHANGES),
    proposal: z.object({
      id,
      status: z.enum(IDENTIFICATION_STATUSES),
      confirm_count: count,
      reject_count: count,
      decided_dt: instant.nullable(),
    }),
    identification: trackIdentification,
  })
  .meta({ id: 'IdentificationEvent' });
export type IdentificationEvent = z.infer<typeof identificationEvent>;

/** How long events are kept for reconnects to catch up, in seconds. */
export const LIVE_EVENT_RETENTION_S = 600;
/** The server sends a comment line this often, so proxies keep the connection open. */
export const LIVE_HEARTBEAT_S = 20;
/** How long a ticket may wait before it opens a stream, in seconds. */
export const LIVE_TICKET_TTL_S = 30;
