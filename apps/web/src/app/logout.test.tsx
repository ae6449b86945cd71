// Logout and Sign out everywhere end the session on the server as well as in this browser.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../api/token-storage';
import { makeUser } from '../test/factories';
import { apiError, type FakeHandler, type FakeResponse } from '../test/fake-api';
import { renderApp } from '../test/render';

/** Answers the session calls as given; everything else is an empty page of a list. */
function api(sessionCalls: Record<string, FakeResponse>): FakeHandler {
  return (request) =>
    sessionCalls[`${request.method} ${request.path}`] ?? {
      body: { data: [], pagination: { offset: 0, count: 0, total: 0 } },
    };
}

async function renderSignedIn(path: string, handler: FakeHandler) {
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-of-nightowl');
  const app = renderApp(path, { api: handler, session: makeUser() });
  // The first render of a page loads its lazy chunk, slow on a busy machine.
  await screen.findByRole('search', {}, { timeout: 30_000 });
  return app;
}

async function clickLogout(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Account menu' }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
}

// Lazy pages make a first render slow on a loaded machine.
describe('Logout', { timeout: 60_000 }, () => {
  it('ends the session on the server with the stored refresh token and the access token', async () => {
    const { user, router, requests } = await renderSignedIn(
      '/tracks',
      api({ 'DELETE /tokens': { status: 204 } }),
    );
    await clickLogout(user);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    const ended = requests.find((r) => r.method === 'DELETE' && r.path === '/tokens');
    expect(ended?.body).toEqual({ refresh_token: 'refresh-of-nightowl' });
    expect(ended?.headers.get('authorization')).toBe('Bearer access-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('still signs out here when the server cannot be told', async () => {
    const { user, router, requests } = await renderSignedIn(
      '/tracks',
      api({ 'DELETE /tokens': apiError(503, 'Service Unavailable') }),
    );
    await clickLogout(user);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/tokens')).toBe(true),
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});

describe('Sign out everywhere', { timeout: 60_000 }, () => {
  async function openDialog(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Settings' }, { timeout: 30_000 }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign out everywhere' }),
    );
    return within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
  }

  it('is in the profile’s settings, asks first, ends every session and signs out here', async () => {
    const { user, router, requests } = await renderSignedIn(
      '/profile',
      api({ 'DELETE /me/sessions': { status: 204 } }),
    );
    const dialog = await openDialog(user);
    dialog.getByText(/signed out of Cratedig on every browser and device/);
    await user.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    await screen.findByText('You were signed out on every device.');
    const deletes = requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    // The sessions are already ended: no second call for this one.
    expect(deletes).toEqual(['/me/sessions']);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('changes nothing and says so when the call fails; Cancel does nothing', async () => {
    const { user, router, requests } = await renderSignedIn(
      '/profile',
      api({ 'DELETE /me/sessions': apiError(422, 'Nope') }),
    );
    let dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByText('Could not sign out everywhere. Please try again.');
    expect(router.state.location.pathname).toBe('/profile');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-of-nightowl');
  });
});
