import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, liveStreams, openStream } from '../test/fake-event-source';
import { createLiveEvents } from './live-events';
import type { Transport } from './transport';

function fakeDoc() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    for (const listener of listeners) listener();
  };
  return { doc: doc as unknown as Document, show };
}

function setup() {
  let tickets = 0;
  // The ticket call goes through the typed client, which sends it with transport.request.
  const post = vi.fn(async (..._args: unknown[]) => ({ ticket: `t${++tickets}` }));
  const transport = { request: post } as unknown as Transport;
  const { doc, show } = fakeDoc();
  const live = createLiveEvents({
    transport,
    doc,
    hiddenGraceMs: 30_000,
    createEventSource: (url) => new FakeEventSource(url),
  });
  return { live, show, post };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  liveStreams.length = 0;
});

describe('the live connection', () => {
  it('opens one stream with a ticket for all listeners, naming their IDs, and closes with the last', async () => {
    const { live, post } = setup();
    const stopA = live.listen({ tracks: [12] });
    const stopB = live.listen({ tracks: [40, 12] });
    await vi.advanceTimersByTimeAsync(100);
    expect(liveStreams).toHaveLength(1);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('POST', '/events/ticket', expect.objectContaining({ auth: true }));
    expect(openStream()?.url).toBe('/api/events?ticket=t1&tracks=12%2C40');
    stopA();
    stopB();
    expect(openStream()).toBeUndefined();
    expect(live.isOpen()).toBe(false);
  });

  it('hands each event to the listeners, parsed', async () => {
    const { live } = setup();
    const messages: unknown[] = [];
    live.listen({ onMessage: (message) => messages.push(message) });
    await vi.advanceTimersByTimeAsync(100);
    openStream()?.emit('notification', { unread: 3 }, '5');
    expect(messages).toEqual([{ type: 'notification', data: { unread: 3 } }]);
  });

  it('hands a replayed event on once, and resumes from the highest id even after a late lower one', async () => {
    const { live } = setup();
    const messages: unknown[] = [];
    live.listen({ onMessage: (message) => messages.push(message.data) });
    await vi.advanceTimersByTimeAsync(100);
    const first = openStream();
    first?.emit('ready', { missed: false }, '4');
    first?.emit('identification', { n: 6 }, '6');
    first?.emit('identification', { n: 5 }, '5');
    first?.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    const second = openStream();
    expect(second?.query().get('last_event_id')).toBe('6');
    second?.emit('ready', { missed: false }, '6');
    second?.emit('identification', { n: 5 }, '5');
    second?.emit('identification', { n: 7 }, '7');
    expect(messages).toEqual([{ n: 6 }, { n: 5 }, { n: 7 }]);
  });

  it('keeps the stream through a short glance away, closes it after the grace, and catches up when shown', async () => {
    const { live, show } = setup();
    const connected: boolean[] = [];
    live.listen({ onConnected: (caughtUp) => connected.push(caughtUp) });
    await vi.advanceTimersByTimeAsync(100);
    const first = openStream();
    first?.emit('ready', { missed: false }, '7');
    show('hidden');
    await vi.advanceTimersByTimeAsync(10_000);
    show('visible');
    expect(openStream()).toBe(first);
    show('hidden');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(openStream()).toBeUndefined();
    expect(first?.closed).toBe(true);
    // hidden: nothing reopens by itself
    await vi.advanceTimersByTimeAsync(120_000);
    expect(liveStreams).toHaveLength(1);
    show('visible');
    await vi.advanceTimersByTimeAsync(0);
    const second = openStream();
    expect(second?.query().get('last_event_id')).toBe('7');
    expect(second?.query().get('ticket')).toBe('t2');
    second?.emit('ready', { missed: false }, '9');
    expect(connected).toEqual([true]);
  });

  it('reopens a dropped stream with a new ticket after a growing wait, and says when it could not catch up', async () => {
    const { live } = setup();
    const connected: boolean[] = [];
    live.listen({ onConnected: (caughtUp) => connected.push(caughtUp) });
    await vi.advanceTimersByTimeAsync(100);
    openStream()?.emit('ready', { missed: false }, '3');
    openStream()?.fail();
    expect(openStream()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    const second = openStream();
    expect(second?.query().get('ticket')).toBe('t2');
    second?.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(openStream()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    const third = openStream();
    expect(third?.query().get('last_event_id')).toBe('3');
    third?.emit('ready', { missed: true }, '40');
    expect(connected).toEqual([false]);
  });

  it('opens nothing for a visitor: no ticket without a session', async () => {
    const { doc } = fakeDoc();
    const post = vi.fn(async () => {
      throw Object.assign(new Error('Authentication required'), { status: 401 });
    });
    const live = createLiveEvents({
      transport: { request: post } as unknown as Transport,
      doc,
      createEventSource: (url) => new FakeEventSource(url),
    });
    live.listen({});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(post).toHaveBeenCalledTimes(1);
    expect(liveStreams).toHaveLength(0);
  });
});
