// A stand-in for the browser's EventSource (jsdom has none), so component tests can push what the
// server's live stream would send. setup.ts installs it for every web test; `liveStreams` lists the
// streams opened, newest last.
export class FakeEventSource {
  readonly url: string;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string) {
    this.url = url;
    liveStreams.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** Delivers one event as the server would send it: `event: type`, `id:`, `data: JSON`. */
  emit(type: string, data: unknown, id?: string) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id ?? '' });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The connection dropped. */
  fail() {
    this.onerror?.(new Event('error'));
  }

  /** The query of the stream's URL (ticket, tracks, last_event_id). */
  query(): URLSearchParams {
    return new URL(this.url, 'http://cratedig.test').searchParams;
  }
}

export const liveStreams: FakeEventSource[] = [];

/** The newest stream still open. */
export function openStream(): FakeEventSource | undefined {
  return liveStreams.filter((stream) => !stream.closed).at(-1);
}
