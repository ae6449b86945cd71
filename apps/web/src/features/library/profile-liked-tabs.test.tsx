import { SORTS } from '@cratedig/contract/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTrack, makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const list = (items: unknown[]): FakeResponse => ({
  body: { data: items, pagination: { offset: 0, count: items.length, total: items.length } },
});

const ID_SORTS: string[] = Object.values(SORTS.ids);
const liked = makeTrack({ id: 11, title: 'Night Drive' });
const watched = makeTrack({
  id: 12,
  title: 'Tunnel Vision',
  mix_type: 'ID',
  release_date: null,
  genre: null,
  set_meta: { id: 3, set_name: 'Live at Tresor', release_date: '2024-05-01' },
});

/** Answers like the API, which refuses an ID list sorted by anything but artist, title or first seen. */
function profileApi(request: FakeRequest): FakeResponse | undefined {
  if (request.path === '/queue') return { body: [] };
  if (request.path === '/users/7/sets') return list([]);
  if (request.path === '/users/7/tracks') return list([liked]);
  if (request.path === '/users/7/ids') {
    if (!ID_SORTS.includes(request.query.get('order_by') ?? '')) return apiError(422, 'Unprocessable Entity');
    return list([watched]);
  }
  return undefined;
}

describe('profile library tabs', () => {
  it('opens Watched IDs after Liked Tracks, each tab with its own sort', async () => {
    const { user, requests } = renderApp('/profile', { api: profileApi, session: makeUser({ id: 7 }) });
    await user.click(await screen.findByRole('tab', { name: 'Liked Tracks' }));
    expect(await screen.findByText('Night Drive')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Watched IDs' }));
    expect(await screen.findByText('Tunnel Vision')).toBeTruthy();
    expect(screen.queryByText('Watched IDs could not be loaded')).toBeNull();
    const idCalls = requests.filter((r) => r.path === '/users/7/ids');
    expect(idCalls.map((r) => r.query.get('order_by'))).toEqual([SORTS.ids.first_seen]);
  });
});
