// For the library component tests: the app's providers on a fake network (auth/fake-api.ts: the real
// transport, only fetch replaced) and a query client the test seeds with what the page had loaded.
import type { Artist } from '@cratedig/contract/artist';
import type { TrackMeta } from '@cratedig/contract/track';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/providers';
import { createFakeApi, type FakeHandler, fakeUser } from '../auth/fake-api';

export function renderLibrary(ui: ReactNode, handler: FakeHandler, seed?: (client: QueryClient) => void) {
  window.localStorage.setItem('accessToken', 'access-token');
  window.localStorage.setItem('tokenExpiry', String(Date.now() + 60 * 60 * 1000));
  const fake = createFakeApi(handler);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seed?.(client);
  const user = userEvent.setup();
  const view = render(
    <AppProviders api={fake.api} queryClient={client} loadSession={async () => fakeUser({ id: 7 })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, client, requests: fake.requests };
}

export function makeArtist(overrides: Partial<Artist> = {}): Artist {
  return {
    id: 5,
    name: 'Mira Vale',
    bio: null,
    art_url_sm: null,
    art_url_xl: null,
    set_count: 3,
    track_count: 9,
    label_count: 1,
    remix_count: 0,
    id_count: 1,
    latest_set_date: '2024-05-01',
    latest_track_date: '2024-04-01',
    track_genres: ['Techno'],
    founded_label: [],
    beatport: null,
    instagram: null,
    youtube: null,
    website: null,
    user_stats: { is_followed: false, show_likes: false, total_user_likes: 998 },
    ...overrides,
  };
}

export function makeTrack(overrides: Partial<TrackMeta> = {}): TrackMeta {
  return {
    id: 11,
    title: 'Night Drive',
    artist: 'Mira Vale',
    artists: [{ role: 'producer', artist_meta: { id: 5, name: 'Mira Vale' } }],
    artist_meta: { name: 'Mira Vale' },
    art_url_sm: null,
    art_url_xl: null,
    release_date: '2024-04-01',
    genre: 'Techno',
    label_name: 'Deep Cuts',
    label_meta: { id: 2 },
    label_meta_id: 2,
    mix_type: 'original_mix',
    mix_meta: null,
    bpm: 128,
    key: '8A',
    purchase_url: null,
    set_meta: null,
    created_dt: '2024-04-01T00:00:00Z',
    total_user_likes: 4,
    user_fav: { is_fav: false, show_likes: false, user_likes: 0, is_purchased: false },
    ...overrides,
  };
}
