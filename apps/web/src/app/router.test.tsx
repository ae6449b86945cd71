import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../api/token-storage';
import { makeUser } from '../test/factories';
import { renderApp } from '../test/render';
import { expectShown } from '../test/shown';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './route-error';
import { appRoutes } from './router';

function Broken(): never {
  throw new Error('boom');
}

const location = (router: ReturnType<typeof renderApp>['router']) => {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
};

describe('route rules for a visitor', () => {
  it('sends / to /login', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(location(router)).toBe('/login');
  });

  it('sends a protected URL to /login and stores exactly that location as next', async () => {
    const { router } = renderApp('/sets?genre=Deep%20House#tracklist');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(location(router)).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.next)).toBe('/sets?genre=Deep%20House#tracklist');
    // replace, so Back does not bounce between the protected page and /login
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends an unknown path to /home, and from there to /login', async () => {
    const { router } = renderApp('/no/such/crate');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(location(router)).toBe('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.next)).toBe('/home');
  });

  it('opens /about, /policy and /terms without a session, inside the public layout', async () => {
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Cratedig' });
    screen.getByText(/beta/i, { selector: 'p' });
    screen.getByRole('complementary', { name: 'About Cratedig' });
    expect(location(router)).toBe('/about');

    await router.navigate('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    screen.getByText(/at least 18 years old/);
    screen.getByText(/within 30 days/);

    await router.navigate('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    screen.getByText(/not intended for children under 13/);
    screen.getByText(/takes effect 30 days after that notice/);
    await waitFor(() => expect(document.title).toBe('Privacy Policy · Cratedig'));
  });

  it('takes /privacy to the privacy policy, for a visitor and for a signed-in user', async () => {
    const visitor = renderApp('/privacy');
    expectShown(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 20_000 }),
    );
    expect(location(visitor.router)).toBe('/policy');
    expect(window.localStorage.getItem(STORAGE_KEYS.next)).toBeNull();
    visitor.unmount();

    const member = renderApp('/privacy', { session: makeUser() });
    expectShown(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 20_000 }),
    );
    expect(location(member.router)).toBe('/policy');
    screen.getByRole('button', { name: 'Account menu' });
  });

  it('treats a browser without a stored token as a visitor (the real session loader)', async () => {
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/home'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('route rules for a signed-in user', () => {
  it('replaces /login with /home', async () => {
    const { router } = renderApp('/login', { session: makeUser() });
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cratedig, nightowl' }));
    expect(location(router)).toBe('/home');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(document.title).toBe('Home · Cratedig'));
  });

  it('replaces the other visitor pages with /home too', async () => {
    for (const path of ['/register', '/forgot-password', '/reset?token=abc']) {
      const { router, unmount } = renderApp(path, { session: makeUser() });
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Cratedig, nightowl' });
      expect(location(router)).toBe('/home');
      unmount();
    }
  });

  it('shows /about inside the signed-in frame', async () => {
    renderApp('/about', { session: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'About Cratedig' });
    screen.getByRole('search');
    screen.getByRole('button', { name: 'Account menu' });
  });

  it('renders each list page with its spec banner', async () => {
    const { router } = renderApp('/sets?genre=Techno', { session: makeUser() });
    expectShown(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Dive down the rabbit hole with musical journeys',
      }),
    );
    screen.getByText('Genre: Techno');

    await router.navigate('/artists');
    await screen.findByRole('heading', { level: 1, name: 'Discover Artists' });
    screen.getByText('Musical talent from around the world');

    await router.navigate('/labels');
    await screen.findByRole('heading', { level: 1, name: 'Discover Labels' });
    screen.getByText('Only independent labels & producers');

    await router.navigate('/tracks');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Crate dig through new & old cuts' }));
    await waitFor(() => expect(document.title).toBe('Tracks · Cratedig'));
  });

  it('prefills the search page from ?s', async () => {
    renderApp('/search?s=burial', { session: makeUser() });
    expectShown(await screen.findByText('Find tracks, labels, artists, and sets from all over the world.'));
    const box = screen.getByRole('textbox', { name: 'Search for tracks, labels, artists, and sets' });
    expect((box as HTMLInputElement).value).toBe('burial');
  });
});

describe('while the session is being determined', () => {
  it('shows only the full-screen overlay and locks page scrolling', async () => {
    const { router } = renderApp('/sets', { session: 'unknown' });
    const overlay = await screen.findByRole('progressbar', { name: 'Checking your session' });
    expectShown(overlay);
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(screen.queryByRole('heading')).toBeNull();
    // Nothing is decided yet: no redirect, no stored next location.
    expect(router.state.location.pathname).toBe('/sets');
    expect(window.localStorage.getItem(STORAGE_KEYS.next)).toBeNull();
  });

  it('removes the overlay and unlocks scrolling once the session is known', async () => {
    renderApp('/login', { session: 'visitor' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });
});

describe('route error boundary', () => {
  it('shows a friendly fallback with a way home when a page throws', async () => {
    // React reports the thrown error on the console; that report is expected here, not a failure.
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The needle skipped');
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/home');
    await waitFor(() => expect(document.title).toBe('Something went wrong · Cratedig'));
    report.mockRestore();
  });
});
