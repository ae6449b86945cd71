import type { Artist } from '@cratedig/contract/artist';
import type { ListResponse } from '@cratedig/contract/common';
import type { TrackMeta } from '@cratedig/contract/track';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LikesCount } from '../../components/count-badge';
import { makeArtist, makeTrack, makeUser } from '../../test/factories';
import { apiError, type FakeHandler } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import {
  FollowToggle,
  PurchaseButton,
  StatsLikesToggle,
  TrackFavouriteToggle,
  TrackLikesToggle,
} from './toggle-buttons';

// The page reads its item from the query cache, as the detail pages do; a second place (a list row)
// shows the same item's count, to see that one answer updates both.
const ARTIST_KEY = ['catalogue', '/artists/5'];
const TRACK_KEY = ['catalogue', '/tracks/11'];
const LIST_KEY = ['catalogue', '/tracks', {}];

function ArtistControls() {
  const { data } = useQuery<Artist>({ queryKey: ARTIST_KEY, queryFn: () => new Promise(() => {}) });
  if (!data) return null;
  return (
    <>
      <FollowToggle kind="artist" item={data} />
      <StatsLikesToggle kind="artist" item={data} />
    </>
  );
}

function TrackControls() {
  const { data } = useQuery<TrackMeta>({ queryKey: TRACK_KEY, queryFn: () => new Promise(() => {}) });
  const list = useQuery<{ pages: ListResponse<TrackMeta>[] }>({
    queryKey: LIST_KEY,
    queryFn: () => new Promise(() => {}),
  });
  if (!data) return null;
  const row = list.data?.pages[0]?.data[0];
  return (
    <>
      <TrackFavouriteToggle track={data} label={data.title} />
      <TrackLikesToggle track={data} label={data.title} />
      {data.mix_type !== 'ID' && <PurchaseButton track={data} />}
      {row && <LikesCount value={row.total_user_likes} where="in the list" />}
    </>
  );
}

function seedTrack(track: TrackMeta) {
  return (client: QueryClient) => {
    client.setQueryData(TRACK_KEY, track);
    client.setQueryData(LIST_KEY, {
      pages: [{ data: [track], pagination: { offset: 0, count: 1, total: 1 } }],
      pageParams: [0],
    });
  };
}

function renderLibrary(ui: ReactNode, handler: FakeHandler, seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  seed?.(client);
  return renderWithProviders(ui, { api: handler, session: makeUser(), queryClient: client });
}

describe('library toggles (docs/library.md Toggles, messages)', () => {
  it('Follow flips only on the server answer, is disabled in flight and says "{name} followed!"', async () => {
    const { user, requests } = renderLibrary(
      <ArtistControls />,
      (r) =>
        r.method === 'PUT' && r.path === '/stats/artist/5/follow'
          ? { body: { is_followed: true }, delayMs: 120 }
          : undefined,
      (client) => client.setQueryData(ARTIST_KEY, makeArtist()),
    );
    const follow = await screen.findByRole('button', { name: 'Follow Mira Vale' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    await user.click(follow);
    // in flight: still the old state, and no second request possible
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(follow).toHaveProperty('disabled', true);
    await screen.findByText('Mira Vale followed!');
    expect(follow.getAttribute('aria-pressed')).toBe('true');
    expect(follow.textContent).toBe('Following');
    expect(follow).toHaveProperty('disabled', false);
    expect(requests.filter((r) => r.path === '/stats/artist/5/follow')).toHaveLength(1);
  });

  it("shows the server's state, not the guess: an answer of false stays Follow and says unfollowed", async () => {
    const { user } = renderLibrary(
      <ArtistControls />,
      (r) => (r.path === '/stats/artist/5/follow' ? { body: { is_followed: false } } : undefined),
      (client) => client.setQueryData(ARTIST_KEY, makeArtist()),
    );
    await user.click(await screen.findByRole('button', { name: 'Follow Mira Vale' }));
    await screen.findByText('Mira Vale unfollowed!');
    expect(screen.getByRole('button', { name: 'Follow Mira Vale' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('a failed toggle changes nothing and shows no message (docs/library.md: only logged)', async () => {
    const { user } = renderLibrary(
      <ArtistControls />,
      (r) => (r.path === '/stats/artist/5/follow' ? apiError(500, 'boom') : undefined),
      (client) => client.setQueryData(ARTIST_KEY, makeArtist()),
    );
    const follow = await screen.findByRole('button', { name: 'Follow Mira Vale' });
    const originalError = console.error;
    console.error = () => {};
    try {
      await user.click(follow);
      await waitFor(() => expect(follow).toHaveProperty('disabled', false));
    } finally {
      console.error = originalError;
    }
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText(/followed!/)).toBeNull();
  });

  it('artist likes: "{name} likes!" and the count from the answer, capped at 999+', async () => {
    const { user } = renderLibrary(
      <ArtistControls />,
      (r) =>
        r.path === '/stats/artist/5/likes-toggle'
          ? { body: { show_likes: true, total_user_likes: 1000 } }
          : undefined,
      (client) => client.setQueryData(ARTIST_KEY, makeArtist()),
    );
    const like = await screen.findByRole('button', { name: 'Like Mira Vale, 998 likes' });
    await user.click(like);
    await screen.findByText('Mira Vale likes!');
    const after = screen.getByRole('button', { name: 'Like Mira Vale, 999+ likes' });
    expect(after.getAttribute('aria-pressed')).toBe('true');
    expect(after.textContent).toContain('999+');
  });

  it('an ID uses the ID wording: "ID added to favorites!" and "Started watching ID!"', async () => {
    const id = makeTrack({ id: 11, mix_type: 'ID', title: 'ID', release_date: null, total_user_likes: 2 });
    const { user } = renderLibrary(
      <TrackControls />,
      (r) => {
        if (r.path === '/favs/track/11') return { body: { is_fav: true } };
        if (r.path === '/favs/track/11/likes-toggle')
          return { body: { show_likes: true, total_user_likes: 3, is_fav: true } };
        return undefined;
      },
      seedTrack(id),
    );
    await user.click(await screen.findByRole('button', { name: 'Favorite ID' }));
    await screen.findByText('ID added to favorites!');
    const watch = screen.getByRole('button', { name: 'Watch ID, 2 watchers' });
    expect(watch.textContent).toContain('2');
    await user.click(watch);
    await screen.findByText('Started watching ID!');
    expect(screen.getByRole('button', { name: 'Watch ID, 3 watchers' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // the list row showing the same track took the new count too
    screen.getByLabelText('3 likes in the list');
    // Buy is not offered for an ID (docs/web-app.md)
    expect(screen.queryByRole('link', { name: 'Buy' })).toBeNull();
  });

  it('an ID un-watched and un-favourited says "Stopped watching ID." and "ID removed from favorites."', async () => {
    const id = makeTrack({
      mix_type: 'ID',
      title: 'ID',
      user_fav: { is_fav: true, show_likes: true, user_likes: 0, is_purchased: false },
    });
    const { user } = renderLibrary(
      <TrackControls />,
      (r) => {
        if (r.path === '/favs/track/11') return { body: { is_fav: false } };
        if (r.path === '/favs/track/11/likes-toggle')
          return { body: { show_likes: false, total_user_likes: 3, is_fav: false } };
        return undefined;
      },
      seedTrack(id),
    );
    await user.click(await screen.findByRole('button', { name: /^Watch ID/ }));
    await screen.findByText('Stopped watching ID.');
    await user.click(screen.getByRole('button', { name: 'Favorite ID' }));
    await screen.findByText('ID removed from favorites.');
  });

  it('tracks use the Track wording for favourite and likes', async () => {
    const { user } = renderLibrary(
      <TrackControls />,
      (r) => {
        if (r.path === '/favs/track/11') return { body: { is_fav: true } };
        if (r.path === '/favs/track/11/likes-toggle')
          return { body: { show_likes: true, total_user_likes: 5, is_fav: true } };
        return undefined;
      },
      seedTrack(makeTrack()),
    );
    await user.click(await screen.findByRole('button', { name: 'Favorite Night Drive' }));
    await screen.findByText('Track added to favorites!');
    expect(screen.getByRole('button', { name: 'Favorite Night Drive' }).textContent).toBe('Favorited');
    await user.click(screen.getByRole('button', { name: 'Like Night Drive, 4 likes' }));
    await screen.findByText('Track added to likes!');
  });

  it('Buy opens the store link in a new tab, records the purchase and then reads Purchased', async () => {
    const { user, requests } = renderLibrary(
      <TrackControls />,
      (r) => (r.path === '/favs/track/11/purchase' ? { body: { is_purchased: true } } : undefined),
      seedTrack(makeTrack()),
    );
    const buy = await screen.findByRole('link', { name: 'Buy' });
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(buy.getAttribute('href')).toBe('https://www.beatport.com/search?q=Mira%20Vale%20Night%20Drive');
    // jsdom does not navigate; the click still reaches the handler
    buy.addEventListener('click', (event) => event.preventDefault());
    await user.click(buy);
    await screen.findByText('Track purchased!');
    screen.getByRole('link', { name: 'Purchased' });
    expect(requests.filter((r) => r.path === '/favs/track/11/purchase')).toHaveLength(1);
  });
});
