import { SORTS } from '@cratedig/contract/constants';
import type { TrackMeta } from '@cratedig/contract/track';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtist, makeTrack, makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const list = (items: unknown[]): FakeResponse => ({
  body: { data: items, pagination: { offset: 0, count: items.length, total: items.length } },
});

const ID_SORTS: string[] = Object.values(SORTS.ids);
const released = makeTrack({ id: 11, title: 'Night Drive' });
const unreleased: TrackMeta = makeTrack({
  id: 12,
  title: 'ID',
  mix_type: 'ID',
  release_date: null,
  label_name: null,
  label_meta: null,
  label_meta_id: null,
  genre: null,
  set_meta: { id: 3, set_name: 'Live at Tresor', release_date: '2024-05-01' },
});

/** Answers like the API, which refuses an ID list sorted by anything but artist, title or first seen. */
function artistApi(request: FakeRequest): FakeResponse | undefined {
  if (request.path === '/queue') return { body: [] };
  if (request.path === '/artists/5') return { body: makeArtist({ id: 5, track_count: 1, id_count: 1 }) };
  if (request.path === '/artists/5/sets') return list([]);
  if (request.path === '/artists/5/tracks') return list([released]);
  if (request.path === '/artists/5/ids') {
    const orderBy = request.query.get('order_by') ?? '';
    if (!ID_SORTS.includes(orderBy)) return apiError(422, 'Unprocessable Entity');
    return list([unreleased]);
  }
  return undefined;
}

describe('artist page tabs', () => {
  it('opens the IDs tab after the Tracks tab, each tab with its own sort', async () => {
    const { user, requests } = renderApp('/artists/5', { api: artistApi, session: makeUser() });
    await user.click(await screen.findByRole('tab', { name: /^Tracks/ }, { timeout: 20_000 }));
    await screen.findByText('Night Drive');

    await user.click(screen.getByRole('tab', { name: /^IDs/ }));
    await screen.findByText('Unreleased');
    expect(screen.queryByText('IDs could not be loaded')).toBeNull();
    const idCalls = requests.filter((r) => r.path === '/artists/5/ids');
    expect(idCalls.map((r) => r.query.get('order_by'))).toEqual([SORTS.ids.first_seen]);

    // and back: the Tracks tab starts again from its own default sort
    await user.click(screen.getByRole('tab', { name: /^Tracks/ }));
    await screen.findByText('Night Drive');
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === '/artists/5/tracks').map((r) => r.query.get('order_by')),
      ).toContain(SORTS.tracks.release_date),
    );
  });
});
