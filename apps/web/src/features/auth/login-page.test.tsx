import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { apiError, createFakeApi, type FakeHandler } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { PASSWORD_LOGIN_MESSAGES } from './auth-messages';

async function signInWith(handler: FakeHandler, username = 'crate_digger', password = 'secret') {
  const fake = createFakeApi(handler);
  const app = renderApp('/login', { api: fake.api });
  const form = await screen.findByRole('form', { name: 'Sign in with username and password' });
  await app.user.type(screen.getByLabelText(/Username/), username);
  await app.user.type(screen.getByLabelText(/Password/), `${password}{Enter}`);
  return { ...app, ...fake, form };
}

const lookup = (is_firebase_user: boolean, auth_provider: string | null = 'web_client') => ({
  body: { is_firebase_user, auth_provider },
});

describe('password login (docs/accounts.md)', () => {
  it('tells a social-account user to use their provider, without sending the password', async () => {
    const { requests } = await signInWith((r) =>
      r.path.startsWith('/users/un/') ? lookup(true, 'google') : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'You previously logged in with Google, please try that method.',
    );
    expect(requests.some((r) => r.path === '/tokens')).toBe(false);
  });

  it('asks for the social account when the provider is unknown', async () => {
    await signInWith((r) => (r.path.startsWith('/users/un/') ? lookup(true, null) : undefined));
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_LOGIN_MESSAGES.socialNoProvider);
  });

  it('says the username or password is incorrect when the lookup fails', async () => {
    await signInWith(() => apiError(404, 'User not found'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Incorrect username or password. Please try again.',
    );
  });

  it('drops the last alert when an emptied form is sent again', async () => {
    const { user } = await signInWith(() => apiError(404, 'User not found'));
    await screen.findByRole('alert');
    await user.clear(screen.getByLabelText(/Username/));
    await user.clear(screen.getByLabelText(/Password/));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(PASSWORD_LOGIN_MESSAGES.lookupFailed)).toBeNull();
  });

  it('says the credentials are invalid on a 401 from POST /tokens', async () => {
    await signInWith((r) =>
      r.path === '/tokens' ? apiError(401, 'Invalid username or password.') : lookup(false),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid username or password. Please try again.',
    );
  });

  it('says there were too many attempts on a 429', async () => {
    await signInWith((r) =>
      r.path === '/tokens'
        ? { ...apiError(429, 'Too Many Requests'), headers: { 'retry-after': '900' } }
        : lookup(false),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed login attempts. Please try again later.',
    );
  });

  it('shows the generic message for anything else', async () => {
    await signInWith((r) => (r.path === '/tokens' ? apiError(500, 'Internal Server Error') : lookup(false)));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again later.',
    );
  });

  it('requires both fields and sends nothing without them', async () => {
    const fake = createFakeApi(() => undefined);
    const app = renderApp('/login', { api: fake.api });
    await app.user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(fake.requests.filter((r) => r.path !== '/me')).toHaveLength(0);
  });

  it('stores the tokens, loads /me with them and lands on the stored next location', async () => {
    window.localStorage.setItem('next', '/profile?tab=likes#top');
    const { requests, location, api } = await signInWith((r) => {
      if (r.path.startsWith('/users/un/')) return lookup(false);
      if (r.path === '/tokens' && r.method === 'POST') {
        return { body: { access_token: 'access-1', refresh_token: 'refresh-1' } };
      }
      if (r.path === '/me' && r.headers.get('authorization') === 'Bearer access-1')
        return { body: makeUser({ id: 41, username: 'crate_digger' }) };
      return undefined;
    });
    await waitFor(() => expect(location()).toBe('/profile?tab=likes#top'));
    await screen.findByRole('heading', { level: 1, name: 'crate_digger' });
    const login = requests.find((r) => r.path === '/tokens');
    // docs/accounts.md: login carries Basic credentials and no bearer token.
    expect(login?.headers.get('authorization')).toBe(`Basic ${btoa('crate_digger:secret')}`);
    expect(window.localStorage.getItem('accessToken')).toBe('access-1');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(window.localStorage.getItem('next')).toBeNull();
    expect(api.tokens.getState()).toBe('internal');
    api.tokens.dispose();
  });

  it('lands on /home when nothing was stored', async () => {
    const { location, api } = await signInWith((r) => {
      if (r.path.startsWith('/users/un/')) return lookup(false);
      if (r.path === '/tokens') return { body: { access_token: 'a', refresh_token: 'r' } };
      if (r.path === '/me') return { body: makeUser({ id: 41, username: 'crate_digger' }) };
      return undefined;
    });
    await waitFor(() => expect(location()).toBe('/home'));
    api.tokens.dispose();
  });
});
