// The app's one live connection to the server, a server-sent event stream. The access token never
// goes into its URL (URLs end up in logs): each connection first asks for a single-use ticket with
// the bearer token (POST /events/ticket), then opens GET /events?ticket=… with it.
//
// - Many parts of a page listen; the tab holds one stream, and only while someone listens. Listeners
//   name the IDs they show (`tracks`); the stream carries the changes of those, so a new set of IDs
//   reopens it (caught up from the last event received).
// - A hidden tab keeps its stream for a grace period (a glance at another tab costs nothing), then
//   closes it; coming back reopens it with last_event_id, and the server replays what was missed.
// - A dropped stream reopens with a new ticket after 1 s, doubling up to 30 s while it keeps failing.
// - An event that committed late may come after one with a higher id, so a reconnect's catch-up also
//   replays a short window behind the id it resumes from: events are handed on once each (by id), and
//   the stream resumes from the highest id received.
// - `onConnected(caughtUp)` after a reconnect: false when the server could not replay a gap (or had
//   no event id to resume from), so listeners re-read what they show.
import { apiClient } from './client';
import type { Transport } from './transport';

export interface LiveMessage {
  /** The event's name: 'notification', 'identification' or 'upload' (a draft of the user changed). */
  type: string;
  /** The parsed JSON of the event's data. */
  data: unknown;
}

export interface LiveListener {
  /** The IDs (track ids) whose changes this listener wants. */
  tracks?: readonly number[];
  onMessage?(message: LiveMessage): void;
  /** A reconnect finished; caughtUp false means events may have been missed. */
  onConnected?(caughtUp: boolean): void;
}

export interface LiveEvents {
  listen(listener: LiveListener): () => void;
  /** True while a stream is open. */
  isOpen(): boolean;
}

/** The part of EventSource used here, so tests can hand in their own. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface LiveEventsDeps {
  transport: Transport;
  createEventSource?: (url: string) => EventSourceLike;
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /** How long a hidden tab keeps its stream. */
  hiddenGraceMs?: number;
  apiBase?: string;
}

// The server's cap on the IDs one stream follows (LIVE_TRACKS_MAX in the contract, whose module
// carries zod: not worth downloading with every page for one number).
const LIVE_TRACKS_MAX = 50;
const HIDDEN_GRACE_MS = 30_000;
const RETRY_MS = 1_000;
const RETRY_MAX_MS = 30_000;
// Listeners that mount together (a page and its rows) reopen the stream once, not once each.
const RETUNE_MS = 50;
const MESSAGE_TYPES = ['notification', 'identification', 'upload'];
// More than a catch-up replays at once (the server's CATCH_UP_MAX is 500).
const SEEN_REMEMBERED = 1_000;

export function createLiveEvents(deps: LiveEventsDeps): LiveEvents {
  const doc = deps.doc ?? document;
  const grace = deps.hiddenGraceMs ?? HIDDEN_GRACE_MS;
  const apiBase = deps.apiBase ?? '/api';
  const createEventSource = deps.createEventSource ?? ((url: string) => new EventSource(url));
  const listeners = new Set<LiveListener>();
  let source: EventSourceLike | null = null;
  let openTracks = '';
  let connecting = false;
  let connectedOnce = false;
  // The last stream ended by an error or a hidden tab, not by a change of IDs: events may have been
  // sent meanwhile.
  let gap = false;
  let lastEventId: string | null = null;
  // the ids of the events handed on lately, oldest first
  const seen = new Set<string>();
  let failures = 0;
  let generation = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  let retuneTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = (each: (listener: LiveListener) => void) => {
    for (const listener of [...listeners]) {
      try {
        each(listener);
      } catch (error) {
        console.error('a live event listener failed', error);
      }
    }
  };

  const wanted = () => listeners.size > 0 && doc.visibilityState !== 'hidden';

  const tracksWanted = () => {
    const ids = new Set<number>();
    for (const listener of listeners) for (const id of listener.tracks ?? []) ids.add(id);
    return [...ids]
      .sort((a, b) => a - b)
      .slice(0, LIVE_TRACKS_MAX)
      .join(',');
  };

  function close() {
    generation += 1;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = null;
    connecting = false;
  }

  function retryLater() {
    close();
    gap = true;
    if (!wanted()) return;
    const wait = Math.min(RETRY_MS * 2 ** failures, RETRY_MAX_MS);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, wait);
  }

  async function connect() {
    if (source || connecting || retryTimer !== undefined || !wanted()) return;
    connecting = true;
    const mine = ++generation;
    let ticket: string;
    try {
      ({ ticket } = await apiClient(deps.transport).live.ticket());
    } catch (error) {
      if (mine !== generation) return;
      connecting = false;
      // Signed out (or the session cannot be refreshed): nothing to listen to.
      if ((error as { status?: number }).status === 401) return;
      console.warn('the live event ticket could not be had', error);
      retryLater();
      return;
    }
    if (mine !== generation) return;
    connecting = false;
    if (!wanted()) return;
    const tracks = tracksWanted();
    const query = new URLSearchParams({ ticket });
    if (tracks) query.set('tracks', tracks);
    if (lastEventId !== null) query.set('last_event_id', lastEventId);
    const resuming = connectedOnce;
    const resumable = lastEventId !== null || !gap;
    gap = false;
    const stream = createEventSource(`${apiBase}/events?${query}`);
    source = stream;
    openTracks = tracks;
    const remember = (event: MessageEvent) => {
      const id = event.lastEventId;
      if (id && (lastEventId === null || Number(id) > Number(lastEventId))) lastEventId = id;
    };
    /** False for an event already handed on (a catch-up's replay of its late-commit window). */
    const firstTime = (event: MessageEvent) => {
      const id = event.lastEventId;
      if (!id) return true;
      if (seen.has(id)) return false;
      seen.add(id);
      if (seen.size > SEEN_REMEMBERED) {
        const [oldest] = seen;
        if (oldest !== undefined) seen.delete(oldest);
      }
      return true;
    };
    stream.addEventListener('ready', (event) => {
      remember(event);
      failures = 0;
      connectedOnce = true;
      const missed = Boolean((parse(event.data) as { missed?: boolean } | undefined)?.missed);
      if (resuming) emit((listener) => listener.onConnected?.(resumable && !missed));
    });
    for (const type of MESSAGE_TYPES) {
      stream.addEventListener(type, (event) => {
        remember(event);
        if (!firstTime(event)) return;
        const data = parse(event.data);
        emit((listener) => listener.onMessage?.({ type, data }));
      });
    }
    // EventSource would reconnect by itself with the same URL, whose ticket is spent: close it and
    // reopen with a new ticket, resuming from the last event.
    stream.onerror = () => {
      if (source === stream) retryLater();
    };
  }

  function retune() {
    clearTimeout(retuneTimer);
    retuneTimer = setTimeout(() => {
      if (source && tracksWanted() !== openTracks) {
        close();
        failures = 0;
      }
      void connect();
    }, RETUNE_MS);
  }

  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    hiddenTimer = undefined;
    if (doc.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(() => {
        if (source || connecting) gap = true;
        close();
      }, grace);
      return;
    }
    failures = 0;
    void connect();
  };

  return {
    listen(listener) {
      listeners.add(listener);
      if (listeners.size === 1) doc.addEventListener('visibilitychange', onVisibility);
      retune();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) {
          retune();
          return;
        }
        doc.removeEventListener('visibilitychange', onVisibility);
        clearTimeout(hiddenTimer);
        clearTimeout(retuneTimer);
        close();
      };
    },
    isOpen: () => source !== null,
  };
}

function parse(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const perApi = new WeakMap<Transport, LiveEvents>();

/** The one live connection of the app's transport (created on first use). */
export function liveEventsFor(transport: Transport): LiveEvents {
  let live = perApi.get(transport);
  if (!live) {
    live = createLiveEvents({ transport });
    perApi.set(transport, live);
  }
  return live;
}
