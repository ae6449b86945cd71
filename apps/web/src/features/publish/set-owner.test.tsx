import type { MySet } from '@cratedig/contract/publish-api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { DRAFT_ID, makeMySet } from '../../test/publish-fakes';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';

const recognised = {
  heard: true,
  items: [
    {
      track_meta_id: 301,
      artist: 'Bicep',
      title: 'Glue',
      mix_name: null,
      start_time: 600,
      end_time: 840,
      similarity: 0.93,
      replaces_position: 2,
    },
    {
      track_meta_id: 302,
      artist: 'Floating Points',
      title: 'Silhouettes',
      mix_name: 'Part II',
      start_time: 900,
      end_time: 1200,
      similarity: 0.81,
      replaces_position: null,
    },
  ],
};

function api(items: MySet[], seen: FakeRequest[], heard = recognised) {
  return (request: FakeRequest): FakeResponse | undefined => {
    seen.push(request);
    if (request.path === '/queue') return { body: [] };
    if (request.path === '/notifications/unread-count') return { body: { unread: 0 } };
    if (request.path === '/sets/1') return { body: makeSet(1, { set_name: 'Closing Set at the Warehouse' }) };
    if (request.path === '/publish/sets') return { body: { items, total: items.length } };
    if (request.path === `/publish/sets/${DRAFT_ID}/recognised` && request.method === 'GET')
      return { body: heard };
    if (request.path === `/publish/sets/${DRAFT_ID}/recognised` && request.method === 'POST')
      return { body: { accepted: 2, set_id: 1 } };
    return undefined;
  };
}

async function openSet(items: MySet[], seen: FakeRequest[], heard = recognised) {
  const app = renderApp('/sets/1', { api: api(items, seen, heard), session: makeUser() });
  await screen.findByRole('heading', { name: 'Closing Set at the Warehouse', level: 1 }, { timeout: 20_000 });
  return app;
}

describe("a set's page for its owner", () => {
  it('shows Edit and the tracks recognised in the recording, and adds them all', async () => {
    const seen: FakeRequest[] = [];
    const app = await openSet([makeMySet({ state: 'published', set_id: 1 })], seen);
    expectShown(await screen.findByRole('button', { name: 'Edit' }));
    const panel = await screen.findByRole('region', { name: 'Recognised in your recording' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('10:00–14:00');
    expect(rows[0]?.textContent).toContain('Bicep – Glue');
    expect(rows[0]?.textContent).toContain('93 % match');
    expect(rows[1]?.textContent).toContain('Floating Points – Silhouettes (Part II)');
    const reads = () => seen.filter((r) => r.path === '/sets/1' && r.method === 'GET').length;
    const before = reads();
    await app.user.click(within(panel).getByRole('button', { name: 'Add all 2' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST' && r.path.endsWith('/recognised'))?.body).toEqual({}),
    );
    expectShown(await within(panel).findByText('2 tracks added to your tracklist.'));
    // The set's tracklist is read again.
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('adds one recognised track', async () => {
    const seen: FakeRequest[] = [];
    const app = await openSet([makeMySet({ state: 'published', set_id: 1 })], seen);
    const panel = await screen.findByRole('region', { name: 'Recognised in your recording' });
    await app.user.click(within(panel).getByRole('button', { name: 'Add Bicep – Glue to the tracklist' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST' && r.path.endsWith('/recognised'))?.body).toEqual({
        tracks: [{ track_meta_id: 301, start_time: 600 }],
      }),
    );
  });

  it('says Cratedig is still listening before the recording was heard', async () => {
    await openSet([makeMySet({ state: 'published', set_id: 1 })], [], { heard: false, items: [] });
    const panel = await screen.findByRole('region', { name: 'Recognised in your recording' });
    expectShown(within(panel).getByText('Cratedig is still listening to your recording…'));
  });

  it("shows no owner's controls on another listener's set", async () => {
    const seen: FakeRequest[] = [];
    await openSet([makeMySet({ state: 'published', set_id: 2 })], seen);
    await waitFor(() => expect(seen.some((r) => r.path === '/publish/sets')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recognised in your recording' })).toBeNull();
    expect(seen.some((r) => r.path.endsWith('/recognised'))).toBe(false);
  });
});
