import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessibleName } from '../../test/accessible-name';
import { makeArtist, makeLabel, makeSet, makeTrack, makeUser } from '../../test/factories';
import { apiError } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { asHit, fakeSearch, type SearchResults } from '../../test/search-fakes';
import { expectShown } from '../../test/shown';

const BOX = { name: 'Search for tracks, labels, artists, and sets' };

const mira: SearchResults = {
  artists: [asHit(makeArtist({ id: 5, name: 'Mira Vale' }), [[0, 4]], 'prefix')],
  labels: [asHit(makeLabel({ id: 2, name: 'Miracle Records' }), [[0, 4]], 'prefix')],
  tracks: [
    asHit(makeTrack({ id: 11, title: 'Night Drive', artist: 'Mira Vale' }), []),
    asHit(makeTrack({ id: 12, title: 'ID', artist: 'Mira Vale', mix_type: 'ID', release_date: null }), []),
  ],
  sets: [asHit(makeSet(3, { set_name: 'Mira at Dusk', artist: 'Mira Vale' }), [[0, 4]], 'prefix')],
};

function searchRequests(requests: { path: string; query: URLSearchParams }[]) {
  return requests.filter((request) => request.path === '/search').map((request) => request.query.toString());
}

function sectionTitles() {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('search page', () => {
  it('prefills from ?s=, asks once for every section and shows them in order with the match marked', async () => {
    // The answer takes a while, as on a slow line (and on a busy test machine).
    const { requests } = renderApp('/search?s=mira', {
      api: fakeSearch({ mira }, { delayMs: 300 }),
      session: makeUser(),
    });
    expectShown(await screen.findByText('Find tracks, labels, artists, and sets from all over the world.'));
    expect((screen.getByRole('textbox', BOX) as HTMLInputElement).value).toBe('mira');
    const artists = await screen.findByRole('region', { name: 'Artists' });
    expect(sectionTitles()).toEqual(['Artists', 'Labels', 'Tracks', 'Sets']);
    // The sections are there, busy, before the answer; their items come with it.
    expect(artists.getAttribute('aria-busy')).toBe('true');
    within(artists).getByRole('progressbar', { name: 'Loading Artists' });
    const artist = await within(artists).findByRole('link', { name: 'Mira Vale' });
    expect(artists.getAttribute('aria-busy')).toBe('false');
    expect(searchRequests(requests)).toEqual(['s=mira&limit=20']);

    expect(artist.querySelector('mark')?.textContent).toBe('Mira');
    const set = within(screen.getByRole('region', { name: 'Sets' })).getByRole('link', {
      name: 'Mira at Dusk by Mira Vale',
    });
    expect([...set.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Mira', 'Mira']);
    // An ID among the tracks says so.
    const tracks = screen.getByRole('region', { name: 'Tracks' });
    within(tracks).getByRole('link', { name: 'ID by Mira Vale, unreleased ID' });
    within(tracks).getByRole('link', { name: 'Night Drive by Mira Vale' });
    // Everything is loaded: no section offers more.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('waits 500 ms after the last keystroke, then searches and replaces the URL instead of pushing', async () => {
    const { requests, router } = renderApp('/home', { api: fakeSearch({ mira }), session: makeUser() });
    await screen.findByRole('heading', { level: 1, name: /Welcome to Cratedig/ });
    await act(() => router.navigate('/search'));
    const box = await screen.findByRole('textbox', BOX);

    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'mi' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(box, { target: { value: 'mira' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searchRequests(requests)).toEqual([]);
    expect(router.state.location.search).toBe('');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toBe('?s=mira');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    await screen.findByRole('region', { name: 'Artists' });
    expect(searchRequests(requests)).toEqual(['s=mira&limit=20']);

    // Typing replaced the /search entry, so Back leaves the page.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('keeps a search that arrives from outside over letters still waiting to be sent', async () => {
    const { router } = renderApp('/search', { api: fakeSearch({ mira }), session: makeUser() });
    const box = await screen.findByRole('textbox', BOX);
    vi.useFakeTimers();
    fireEvent.change(box, { target: { value: 'mi' } });
    // A top-bar search before the page's 500 ms are over.
    await act(() => router.navigate('/search?s=mira'));
    await act(() => vi.advanceTimersByTimeAsync(600));
    vi.useRealTimers();
    expect(router.state.location.search).toBe('?s=mira');
    expect((box as HTMLInputElement).value).toBe('mira');
    await screen.findByRole('region', { name: 'Artists' });
  });

  it('clears the box, the results and ?s= at once with the clear button', async () => {
    const { router, user } = renderApp('/search?s=mira', { api: fakeSearch({ mira }), session: makeUser() });
    await screen.findByRole('region', { name: 'Artists' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((screen.getByRole('textbox', BOX) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('region', { name: 'Artists' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByText('Not found')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it("says 'Not found' only once every section has answered empty", async () => {
    renderApp('/search?s=zzzz', { api: fakeSearch({}, { delayMs: 50 }), session: makeUser() });
    await screen.findByRole('progressbar', { name: 'Loading Artists' });
    expect(screen.queryByText('Not found')).toBeNull();
    await screen.findByText('Not found');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('a genre is found: its sets and tracks lists are offered instead of Not found, typo and all', async () => {
    renderApp('/search?s=tecno', { api: fakeSearch({}), session: makeUser() });
    const genres = await screen.findByRole('region', { name: 'Genres' });
    expect(within(genres).getByRole('link', { name: 'Techno sets' }).getAttribute('href')).toBe(
      '/sets?genre=Techno',
    );
    expect(within(genres).getByRole('link', { name: 'Techno tracks' }).getAttribute('href')).toBe(
      '/tracks?genre=Techno',
    );
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByText('Not found')).toBeNull();
  });

  it('loads more of one section only, from the items shown, showing each id once', async () => {
    const artists = Array.from({ length: 21 }, (_, i) =>
      asHit(makeArtist({ id: 100 + i, name: `Mira ${i + 1}` }), [[0, 4]]),
    );
    // The second page repeats the last artist of the first: it must not show twice.
    const withRepeat = [...artists.slice(0, 20), artists[19], artists[20]].filter((a) => a !== undefined);
    const { requests, user } = renderApp('/search?s=mira', {
      api: fakeSearch({ mira: { ...mira, artists: withRepeat } }),
      session: makeUser(),
    });
    await screen.findByRole('list', { name: 'Artists' });
    const section = screen.getByRole('region', { name: 'Artists' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(20);
    // Only Artists has more than it shows.
    expect(screen.getAllByRole('button', { name: 'Load more' })).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    await within(section).findByRole('link', { name: 'Mira 21' });
    const names = within(section)
      .getAllByRole('link')
      .map((link) => accessibleName(link));
    expect(names).toHaveLength(21);
    expect(new Set(names).size).toBe(21);
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(searchRequests(requests)).toEqual(['s=mira&limit=20', 's=mira&kinds=artists&offset=20&limit=20']);
    expect(within(screen.getByRole('region', { name: 'Tracks' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('reaches every result with the keyboard, section by section', async () => {
    const one: SearchResults = {
      artists: mira.artists,
      labels: mira.labels,
      tracks: mira.tracks?.slice(0, 1),
      sets: mira.sets,
    };
    const { user } = renderApp('/search?s=mira', { api: fakeSearch({ mira: one }), session: makeUser() });
    // The sections' regions show before their results: wait for the last result itself, or a slow
    // machine tabs through skeletons.
    await screen.findByRole('link', { name: 'Mira at Dusk by Mira Vale' });
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    screen.getByRole('button', { name: 'Clear search' }).focus();
    const visited: (string | null)[] = [];
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      visited.push(document.activeElement ? accessibleName(document.activeElement) : null);
    }
    expect(visited).toEqual([
      'Mira Vale',
      'Miracle Records',
      'Night Drive by Mira Vale',
      'Mira at Dusk by Mira Vale',
    ]);
  });

  it('opens a featured venue from Home as its page, listing the sets recorded there (/venues/{id})', async () => {
    const venue = { id: 4, name: 'Basalt Weekender', art_url_sm: null, art_url_xl: null, city: 'Oslo' };
    const atBasalt = makeSet(8, {
      set_name: 'Koa Makoa at Basalt Weekender 2024',
      artist: 'Koa Makoa',
      venue: { id: 4, name: 'Basalt Weekender' },
    });
    const asked: string[] = [];
    const { user, router } = renderApp('/home', {
      api: (request) => {
        if (request.path === '/venues/4')
          return {
            body: {
              ...venue,
              country: 'Norway',
              set_count: 1,
              first_set_date: '2024-05-01',
              latest_set_date: '2024-05-01',
              followers: 0,
              user_place_stats: { is_followed: false },
            },
          };
        if (request.path === '/featured/venues')
          return { body: { data: [venue], pagination: { offset: 0, count: 1, total: 1 } } };
        if (request.path === '/sets') {
          asked.push(request.query.get('venue_id') ?? '');
          return { body: { data: [atBasalt], pagination: { offset: 0, count: 1, total: 1 } } };
        }
        return undefined;
      },
      session: makeUser(),
    });
    const row = await screen.findByRole('region', { name: 'Featured Venues' });
    await user.click(await within(row).findByRole('link', { name: /^Basalt Weekender/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues/4'));
    await screen.findByRole('heading', { level: 1, name: 'Basalt Weekender' });
    screen.getByText('Oslo, Norway');
    const sets = await screen.findByRole('list', { name: 'Sets' });
    expectShown(within(sets).getByRole('link', { name: 'Koa Makoa at Basalt Weekender 2024 by Koa Makoa' }));
    expect(asked).toContain('4');
  });

  it('shows an error with a way to try again when search does not answer', async () => {
    let fail = true;
    const results = fakeSearch({ mira });
    const { user } = renderApp('/search?s=mira', {
      api: (request) =>
        fail && request.path === '/search' ? apiError(503, 'Unavailable') : results(request),
      session: makeUser(),
    });
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Search is not answering right now');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Artists' });
  });
});
