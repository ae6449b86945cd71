import type { MySet } from '@cratedig/contract/publish-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { makeMySet } from '../../test/publish-fakes';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';

const id = (n: number) => n.toString(16).padStart(32, '0');

function api(items: MySet[], also?: (request: FakeRequest) => FakeResponse | undefined) {
  return (request: FakeRequest): FakeResponse | undefined => {
    const answer = also?.(request);
    if (answer) return answer;
    if (request.path === '/queue') return { body: [] };
    if (request.path === '/notifications/unread-count') return { body: { unread: 0 } };
    if (request.path === '/publish/sets') return { body: { items, total: items.length } };
    return undefined;
  };
}

async function openProfile(handler: (request: FakeRequest) => FakeResponse | undefined) {
  const app = renderApp('/profile', { api: handler, session: makeUser() });
  await screen.findByRole('heading', { name: 'My sets' }, { timeout: 20_000 });
  return app;
}

describe('My sets', () => {
  it('invites to publish when there is nothing yet', async () => {
    await openProfile(api([]));
    const status = (await screen.findByText('You have not published a set yet')).closest('[role="status"]');
    if (!(status instanceof HTMLElement)) throw new Error('the empty state is not a status');
    expect(within(status).getByRole('link', { name: 'Publish a set' }).getAttribute('href')).toBe('/publish');
  });

  it('lists every state with its chip, its size and length, and a reason where there is one', async () => {
    const long =
      'An Extremely Long Closing Set Name Recorded Live In The Basement Of A Warehouse Until Sunrise';
    await openProfile(
      api([
        makeMySet({ id: id(1), state: 'uploading', received_bytes: 50 * 1024 * 1024, duration_s: null }),
        makeMySet({ id: id(2), state: 'processing', step: 'rendition', progress: 0.4 }),
        makeMySet({ id: id(3), state: 'ready', missing: ['set_name'] }),
        makeMySet({
          id: id(4),
          state: 'published',
          set_id: 9,
          details: { ...makeMySet().details, set_name: long },
        }),
        makeMySet({
          id: id(5),
          state: 'failed',
          reason: 'This file is empty or cut short: upload the whole recording.',
        }),
        makeMySet({ id: id(6), state: 'taken_down', set_id: null, reason: 'A rights holder asked for it.' }),
      ]),
    );
    const list = await screen.findByRole('list', { name: 'My sets' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-state]')?.textContent)).toEqual([
      'Uploading',
      'Processing',
      'Ready to publish',
      'Published',
      'Failed',
      'Taken down',
    ]);
    expect(rows[0]?.textContent).toContain('50 MB of 150 MB');
    expect(rows[1]?.textContent).toContain('40 %');
    expect(rows[2]?.textContent).toContain('3 h 12 min');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Continue upload' })
        .getAttribute('href'),
    ).toBe(`/publish?draft=${id(1)}`);
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'Finish details' })).toBeDefined();
    expect(
      within(rows[3] as HTMLElement)
        .getByRole('link', { name: long })
        .getAttribute('href'),
    ).toBe('/sets/9');
    expectShown(
      within(rows[4] as HTMLElement).getByText(
        'This file is empty or cut short: upload the whole recording.',
      ),
    );
    expectShown(within(rows[5] as HTMLElement).getByText('A rights holder asked for it.'));
  });

  it('unpublishes only after saying what goes with it', async () => {
    const published = makeMySet({ id: id(4), state: 'published', set_id: 9 });
    const sent: string[] = [];
    const app = await openProfile(
      api([published], (request) => {
        if (request.method === 'POST' && request.path === `/publish/sets/${id(4)}/unpublish`) {
          sent.push(request.path);
          return { body: { ...published, state: 'ready', set_id: null } };
        }
        if (request.path === '/sets/9') return { body: makeSet(9) };
        return undefined;
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: /More actions for Closing Set/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish this set?' });
    expect(dialog.textContent).toContain('its likes, comments and places in listeners’ queues go with it');
    expect(dialog.textContent).toContain('The draft stays in My sets');
    expect(sent).toEqual([]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const row = await screen.findByRole('listitem');
    await waitFor(() => expect(row.querySelector('[data-state]')?.textContent).toBe('Ready to publish'));
  });

  it('deletes after asking', async () => {
    const ready = makeMySet({ id: id(3), state: 'ready' });
    let deleted = false;
    const app = await openProfile(
      api([ready], (request) => {
        if (request.method === 'DELETE' && request.path === `/publish/sets/${id(3)}`) {
          deleted = true;
          return { status: 204 };
        }
        return undefined;
      }),
    );
    await app.user.click(await screen.findByRole('button', { name: /More actions for Closing Set/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this set?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expectShown(await screen.findByText('You have not published a set yet'));
  });
});
