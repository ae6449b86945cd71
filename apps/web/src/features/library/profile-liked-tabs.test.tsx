import { SORTS } from '@cratedig/contract/constants';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrack, makeUser } from '../../test/factories';
import { apiError, type FakeRequest, type FakeResponse } from '../../test/fake-api';
import { asDesktop } from '../../test/media-query';
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

const cameOut = makeTrack({
  id: 14,
  title: 'Second Sight',
  mix_type: 'ID',
  release_date: null,
  genre: null,
  set_meta: { id: 4, set_name: 'Boiler Room Berlin', release_date: '2024-03-01' },
  release: {
    id: 15,
    title: 'Second Sight',
    artist: 'Mira Vale',
    artists: [],
    release_date: '2024-06-14',
    purchase_url: null,
    art_url_sm: null,
  },
});

afterEach(() => vi.unstubAllGlobals());

/** Answers like the API, which refuses an ID list sorted by anything but artist, title or first seen. */
function profileApi(request: FakeRequest): FakeResponse | undefined {
  if (request.path === '/queue') return { body: [] };
  if (request.path === '/users/7/sets') return list([]);
  if (request.path === '/users/7/tracks') return list([liked]);
  if (request.path === '/users/7/ids') {
    if (!ID_SORTS.includes(request.query.get('order_by') ?? '')) return apiError(422, 'Unprocessable Entity');
    return list([cameOut, watched]);
  }
  return undefined;
}

describe('profile library tabs', () => {
  it('opens Watched IDs after Liked Tracks, each tab with its own sort', async () => {
    const { user, requests } = renderApp('/profile', { api: profileApi, session: makeUser({ id: 7 }) });
    await user.click(await screen.findByRole('tab', { name: 'Liked Tracks' }, { timeout: 20_000 }));
    await screen.findByText('Night Drive');

    await user.click(screen.getByRole('tab', { name: 'Watched IDs' }));
    await screen.findByText('Tunnel Vision');
    expect(screen.queryByText('Watched IDs could not be loaded')).toBeNull();
    const idCalls = requests.filter((r) => r.path === '/users/7/ids');
    expect(idCalls.map((r) => r.query.get('order_by'))).toEqual([SORTS.ids.first_seen]);
  });
});

describe('Watched IDs', () => {
  it('marks the IDs that came out, linking to the release', async () => {
    asDesktop();
    const { user } = renderApp('/profile', { api: profileApi, session: makeUser({ id: 7 }) });
    await user.click(await screen.findByRole('tab', { name: 'Watched IDs' }, { timeout: 20_000 }));
    const table = within(await screen.findByRole('table', { name: 'Watched IDs' }));
    const [released, waiting] = (await table.findAllByRole('row')).slice(1);
    if (!released || !waiting) throw new Error('two rows expected');
    const chip = within(released).getByRole('link', { name: 'Released as Mira Vale – Second Sight' });
    expect(chip.getAttribute('href')).toBe('/tracks/15');
    expect(chip.textContent).toBe('Released');
    expect(within(waiting).queryByRole('link', { name: /Released as/ })).toBeNull();
    within(waiting).getByText('Unreleased');
  });

  it('says Released on the small-screen cards', async () => {
    const { user } = renderApp('/profile', { api: profileApi, session: makeUser({ id: 7 }) });
    await user.click(await screen.findByRole('tab', { name: 'Watched IDs' }, { timeout: 20_000 }));
    const card = await screen.findByRole('link', { name: /^Second Sight by/ });
    within(card).getByText('Released');
    within(card).getByText('Released 14 Jun 2024');
  });
});
