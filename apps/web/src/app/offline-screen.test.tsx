import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/factories';
import { renderApp } from '../test/render';

describe('opening the app with no network', () => {
  it('shows the offline frame instead of the login page, and recovers when the network is back', async () => {
    window.localStorage.setItem('accessToken', 'access-token');
    window.localStorage.setItem('refreshToken', 'refresh-token');
    window.localStorage.setItem('tokenExpiry', String(Date.now() + 60 * 60 * 1000));
    let online = false;
    const { location, requests } = renderApp('/home', {
      api: (request) => {
        // fetch rejects when there is no network; the transport reports it as unreachable.
        if (!online) throw new TypeError('Failed to fetch');
        if (request.path === '/me') return { body: makeUser({ username: 'night_owl' }) };
        return { body: { items: [], total: 0 } };
      },
    });

    await screen.findByRole('heading', { level: 1, name: "You're offline" });
    screen.getByText(/reconnects by itself/);
    expect(location()).toBe('/home');
    expect(window.localStorage.getItem('accessToken')).toBe('access-token');

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: "You're offline" })).toBeNull());
    expect(location()).toBe('/home');
    expect(requests.filter((request) => request.path === '/me').length).toBe(2);
  });
});
