import type { Notification } from '@cratedig/contract/notification';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeNotification, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { type FakeEventSource, openStream } from '../../test/fake-event-source';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';
import { unreadCountQueryOptions } from './notifications-api';

/** An API holding `notifications` (newest first), paging 10 at a time by after/after_id like the server. */
function notificationsApi(notifications: Notification[]) {
  const handler = (request: FakeRequest): FakeResponse | undefined => {
    if (request.path === '/queue') return { body: [] };
    if (request.path === '/notifications/unread-count') {
      return { body: { unread: notifications.filter((n) => !n.is_read).length } };
    }
    if (request.path === '/notifications' && request.method === 'GET') {
      const afterId = Number(request.query.get('after_id') ?? 0);
      const start = afterId ? notifications.findIndex((n) => n.id === afterId) + 1 : 0;
      const page = notifications.slice(start, start + Number(request.query.get('limit')));
      return {
        body: { data: page, pagination: { offset: start, count: page.length, total: notifications.length } },
      };
    }
    if (request.path === '/notifications/read-all' && request.method === 'PUT') {
      const marked = notifications.filter((n) => !n.is_read).length;
      for (const n of notifications) Object.assign(n, { is_read: true, read_dt: new Date().toISOString() });
      return { body: { marked, unread: 0 } };
    }
    const one = /^\/notifications\/(\d+)$/.exec(request.path);
    if (one && request.method === 'PUT') {
      const n = notifications.find((item) => item.id === Number(one[1]));
      if (!n) return undefined;
      Object.assign(n, { is_read: true, read_dt: new Date().toISOString() });
      return { body: n };
    }
    return undefined;
  };
  return handler;
}

async function renderBell(notifications: Notification[]) {
  const app = renderApp('/home', { api: notificationsApi(notifications), session: makeUser() });
  // the first render in a file imports the lazy home page, which can take a while on a busy machine
  await screen.findByRole('button', { name: /^Notifications/ }, { timeout: 20_000 });
  return app;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('notification bell', () => {
  it('shows the unread count on the badge, capped at 99+', async () => {
    const many = Array.from({ length: 120 }, (_, i) => makeNotification(i + 1, { minutesAgo: i }));
    await renderBell(many);
    await screen.findByRole('button', { name: 'Notifications, 120 unread' });
    within(bell()).getByText('99+');
  });

  it("says 'No new notifications' when there are none, with no Load More or Mark all", async () => {
    const { user } = await renderBell([]);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const menu = within(await screen.findByRole('menu', { name: 'Notifications' }));
    await menu.findByText('No new notifications');
    expect(menu.queryByRole('menuitem', { name: 'Load More' })).toBeNull();
    expect(menu.queryByRole('menuitem', { name: /Mark all as read/ })).toBeNull();
  });

  it('lists the newest first with artwork, artist – title, the set and how long ago; a click marks it read and opens the track', async () => {
    const notifications = [
      makeNotification(2, { minutesAgo: 3 * 60 }),
      makeNotification(1, { minutesAgo: 2 * 24 * 60, is_read: true, read_dt: '2024-06-02T00:00:00Z' }),
    ];
    const { user, router, requests } = await renderBell(notifications);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const menu = within(await screen.findByRole('menu', { name: 'Notifications' }));
    const entries = await menu.findAllByRole('menuitem', { name: /Artist/ });
    expect(entries.map((e) => e.getAttribute('href'))).toEqual(['/tracks/502', '/tracks/501']);
    const [newest, older] = entries;
    if (!newest || !older) throw new Error('two entries expected');
    expect(newest.textContent).toContain('Unread: Artist 2 – Track 2');
    expect(newest.textContent).toContain('first heard in Set 2');
    expect(newest.textContent).toContain('3 hours ago');
    expectShown(newest.querySelector('img'));
    expect(older.textContent).not.toContain('Unread');
    expect(older.textContent).toContain('2 days ago');
    expect(menu.queryByRole('menuitem', { name: 'Load More' })).toBeNull();

    const listCalls = () => requests.filter((r) => r.path === '/notifications' && r.method === 'GET');
    const before = listCalls().length;
    await user.click(newest);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tracks/502'));
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/notifications/2')).toBe(true);
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByRole('menu')).toBeNull();
    // the list reloads from the server the next time it shows
    await user.click(bell());
    const reopened = within(await screen.findByRole('menu', { name: 'Notifications' }));
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(reopened.getAllByRole('menuitem', { name: /Artist 2/ })[0]?.textContent).not.toContain('Unread'),
    );
  });

  it('shows Load More only above 10 and appends the next page after the last item', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => makeNotification(12 - i, { minutesAgo: i + 1 }));
    const { user, requests } = await renderBell(twelve);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    const menu = within(await screen.findByRole('menu', { name: 'Notifications' }));
    await waitFor(() => expect(menu.getAllByRole('menuitem', { name: /Artist/ })).toHaveLength(10));
    await user.click(menu.getByRole('menuitem', { name: 'Load More' }));
    await waitFor(() => expect(menu.getAllByRole('menuitem', { name: /Artist/ })).toHaveLength(12));
    expect(menu.queryByRole('menuitem', { name: 'Load More' })).toBeNull();
    const more = requests.find((r) => r.path === '/notifications' && r.query.has('after'));
    const tenth = twelve[9];
    expect(more?.query.get('after')).toBe(tenth?.created_dt);
    expect(more?.query.get('after_id')).toBe(String(tenth?.id));
    expect(more?.query.get('limit')).toBe('10');
    expect(more?.query.get('order_by')).toBe('notification.created_dt');
    expect(more?.query.get('order_direction')).toBe('desc');
  });

  it('marks all as read and clears the badge', async () => {
    const { user, requests } = await renderBell([makeNotification(2), makeNotification(1)]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const menu = within(await screen.findByRole('menu', { name: 'Notifications' }));
    await user.click(await menu.findByRole('menuitem', { name: /Mark all as read/ }));
    // the menu stays open (the page behind it is hidden from assistive technology meanwhile)
    await screen.findByRole('button', { name: 'Notifications', hidden: true });
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/notifications/read-all')).toBe(true);
    await waitFor(() =>
      expect(menu.getByRole('menuitem', { name: /Mark all as read/ }).getAttribute('aria-disabled')).toBe(
        'true',
      ),
    );
  });

  it('works from the keyboard and gives focus back to the bell on Escape', async () => {
    const { user } = await renderBell([makeNotification(1)]);
    const button = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu', { name: 'Notifications' }));
    const entry = await menu.findByRole('menuitem', { name: /Artist 1/ });
    await waitFor(() => expect(document.activeElement).toBe(entry));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Mark all as read');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('shows a new notification the moment the live stream brings it, without asking the server', async () => {
    const notifications: Notification[] = [];
    const { requests } = await renderBell(notifications);
    await waitFor(() => expect(openStream()).toBeDefined());
    const stream = openStream() as FakeEventSource;
    // the stream is opened with a ticket, never with the access token
    expect(stream.url).toMatch(/^\/api\/events\?ticket=ticket-\d+/);
    expect(stream.url).not.toContain('access-token');
    const counts = () => requests.filter((r) => r.path === '/notifications/unread-count').length;
    const before = counts();
    const identified = makeNotification(7, {
      kind: 'identified',
      release: null,
      proposal: {
        id: 40,
        names: {
          track_meta: null,
          artist: 'Tiber',
          title: 'Lowlands',
          mix_name: null,
          label_name: null,
          url: null,
        },
        author: { id: 3, username: 'digger' },
      },
    });
    notifications.push(identified);
    act(() => stream.emit('ready', { missed: false }, '10'));
    act(() => stream.emit('notification', { notification: identified, unread: 1 }, '11'));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(counts()).toBe(before);
  });

  it('reads the count again when a reconnect could not catch up', async () => {
    const notifications: Notification[] = [];
    await renderBell(notifications);
    await waitFor(() => expect(openStream()).toBeDefined());
    const first = openStream() as FakeEventSource;
    act(() => first.emit('ready', { missed: false }, '10'));
    notifications.push(makeNotification(1, { minutesAgo: 0 }));
    act(() => first.fail());
    // a new stream, with a new ticket, resuming from the last event seen
    await waitFor(
      () => {
        expect(openStream()).toBeDefined();
        expect(openStream()).not.toBe(first);
      },
      { timeout: 5_000 },
    );
    const second = openStream() as FakeEventSource;
    expect(second.query().get('last_event_id')).toBe('10');
    expect(second.query().get('ticket')).not.toBe(first.query().get('ticket'));
    act(() => second.emit('ready', { missed: true }, '30'));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('never polls: the live stream replaces the minute poll', () => {
    const options = unreadCountQueryOptions({} as never);
    expect(options).not.toHaveProperty('refetchInterval');
    expect(options.staleTime).toBe(Number.POSITIVE_INFINITY);
  });
});
