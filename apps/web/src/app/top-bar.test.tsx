import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../api/token-storage';
import { makeUser } from '../test/factories';
import { renderApp } from '../test/render';

async function renderSignedIn(path: string) {
  const app = renderApp(path, { session: makeUser() });
  await screen.findByRole('search', {}, { timeout: 20_000 });
  return app;
}

describe('top-bar search', () => {
  it('goes to /search?s=… on Enter and clears the box', async () => {
    const { router, user } = await renderSignedIn('/home');
    const box = within(screen.getByRole('search')).getByRole('combobox', { name: 'Search' });
    await user.type(box, 'Deep House & dub{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('s')).toBe('Deep House & dub');
    expect((box as HTMLInputElement).value).toBe('');
    const pageBox = await screen.findByRole('textbox', {
      name: 'Search for tracks, labels, artists, and sets',
    });
    expect((pageBox as HTMLInputElement).value).toBe('Deep House & dub');
  });

  it('goes to /search on a click on the search icon', async () => {
    const { router, user } = await renderSignedIn('/sets');
    const bar = within(screen.getByRole('search'));
    await user.type(bar.getByRole('combobox', { name: 'Search' }), 'acid');
    await user.click(bar.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search?s=acid'),
    );
  });

  it('does nothing with empty or blank text', async () => {
    const { router, user } = await renderSignedIn('/home');
    const bar = within(screen.getByRole('search'));
    const box = bar.getByRole('combobox', { name: 'Search' });
    await user.click(box);
    await user.keyboard('{Enter}');
    await user.type(box, '   {Enter}');
    await user.click(bar.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('');
  });
});

describe('navigation', () => {
  it('highlights the current list, including on its detail pages', async () => {
    const { router } = await renderSignedIn('/sets/42');
    // the wide screen's links beside the search box, and the small screen's row under the bar
    const navs = screen.getAllByRole('navigation', { name: 'Discover', hidden: true });
    expect(navs).toHaveLength(2);
    const current = () =>
      navs.map((nav) =>
        within(nav)
          .getAllByRole('link', { hidden: true })
          .filter((link) => link.getAttribute('aria-current') === 'page')
          .map((link) => link.textContent),
      );
    expect(current()).toEqual([['Sets'], ['Sets']]);

    await router.navigate('/labels');
    await screen.findByRole('heading', { level: 1, name: 'Discover Labels' }, { timeout: 20_000 });
    expect(current()).toEqual([['Labels'], ['Labels']]);

    await router.navigate('/home');
    await screen.findByRole('heading', { level: 1, name: /Welcome to Cratedig/ }, { timeout: 20_000 });
    expect(current()).toEqual([[], []]);
  });

  it('on a phone shows the four lists in sight under the bar, without opening the account menu', async () => {
    const { user, location } = await renderSignedIn('/home');
    // the phone's row (the wide screen's links are hidden below md by CSS)
    const nav = screen
      .getAllByRole('navigation', { name: 'Discover' })
      .find((element) => element.hasAttribute('data-phone-nav'));
    if (!nav) throw new Error('the phone navigation is missing');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sets', 'Tracks', 'Artists', 'Labels']);
    await user.click(within(nav).getByRole('link', { name: 'Tracks' }));
    await waitFor(() => expect(location()).toBe('/tracks'), { timeout: 20_000 });
    // the bar renders again for the new page: read its row again once it has
    await waitFor(() => {
      const row = screen
        .getAllByRole('navigation', { name: 'Discover' })
        .find((element) => element.hasAttribute('data-phone-nav'));
      expect(row && within(row).getByRole('link', { name: 'Tracks' }).getAttribute('aria-current')).toBe(
        'page',
      );
    });
  });

  it('offers the lists, Profile, Publish a set and Logout in the account menu; Logout ends the session', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token-of-nightowl');
    window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-of-nightowl');
    const { router, user } = await renderSignedIn('/tracks');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = within(await screen.findByRole('menu'));
    const items = menu.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Sets', 'Tracks', 'Artists', 'Labels', 'Profile', 'Publish a set', 'Logout']);
    expect(menu.getByRole('menuitem', { name: 'Tracks' }).getAttribute('aria-current')).toBe('page');
    expect(menu.getByRole('menuitem', { name: 'Publish a set' }).getAttribute('href')).toBe('/publish');

    await user.click(menu.getByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    // A deliberate logout is not an interrupted visit: the next sign-in starts at /home.
    expect(window.localStorage.getItem(STORAGE_KEYS.next)).toBeNull();
  });

  it('takes the logo back to /home', async () => {
    const { router, user } = await renderSignedIn('/artists');
    await user.click(screen.getByRole('link', { name: 'Cratedig home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
