import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { apiError, createFakeApi, type FakeHandler, type FakeRequest } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';

async function openRegister(handler: FakeHandler) {
  const fake = createFakeApi(handler);
  const app = renderApp('/register', { api: fake.api });
  await screen.findByRole('form', { name: 'Create an account' });
  const fill = async (values: { username?: string; email?: string; password?: string; about?: string }) => {
    if (values.username) await app.user.type(screen.getByLabelText(/Username/), values.username);
    if (values.email) await app.user.type(screen.getByLabelText(/Email/), values.email);
    if (values.password) await app.user.type(screen.getByLabelText(/Password/), values.password);
    if (values.about) await app.user.type(screen.getByRole('textbox', { name: 'About' }), values.about);
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
  };
  return { ...app, ...fake, fill };
}

const posts = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === '/users');

describe('registration (docs/accounts.md)', () => {
  it('requires username, email and password, and checks the email', async () => {
    const { fill, requests } = await openRegister(() => undefined);
    await fill({ email: 'not-an-email' });
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    screen.getByText('Enter a valid email address');
    expect(posts(requests)).toHaveLength(0);
  });

  it('needs at least 8 characters of password', async () => {
    const { fill, requests } = await openRegister(() => undefined);
    await fill({ username: 'nova', email: 'nova@example.test', password: 'pw1' });
    screen.getByText('Password must have at least 8 characters');
    expect(posts(requests)).toHaveLength(0);
    // keyboard users are taken to the field to fix
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Password/)));
  });

  it('refuses a common password, or the username, before sending anything', async () => {
    const { fill, requests, user } = await openRegister(() => undefined);
    screen.getByText('At least 8 characters, not a common password');
    await fill({ username: 'nova.digs', email: 'nova@example.test', password: 'baseball' });
    expectShown(
      // the list of common passwords loads on demand
      await screen.findByText(
        'This password is too common and easy to guess. Choose another one.',
        {},
        { timeout: 15_000 },
      ),
    );
    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'NOVA.DIGS');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expectShown(
      // the list of common passwords loads on demand
      await screen.findByText(
        'This password is too common and easy to guess. Choose another one.',
        {},
        { timeout: 15_000 },
      ),
    );
    expect(posts(requests)).toHaveLength(0);
  });

  it('counts About against its limit', async () => {
    const { requests, user } = await openRegister(() => undefined);
    screen.getByText('0 / 1,000');
    await user.click(screen.getByRole('textbox', { name: 'About' }));
    await user.paste('x'.repeat(1001));
    screen.getByText('1,001 / 1,000');
    await user.type(screen.getByLabelText(/Username/), 'nova');
    await user.type(screen.getByLabelText(/Email/), 'nova@example.test');
    await user.type(screen.getByLabelText(/Password/), 'deep-crates-at-dawn');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('About must be at most 1,000 characters');
    expect(posts(requests)).toHaveLength(0);
  });

  it('explains the username rule under the field, as the server holds it', async () => {
    const { fill, requests } = await openRegister(() => undefined);
    await fill({ username: 'a b', email: 'nova@example.test', password: 'deep-crates-at-dawn' });
    screen.getByText("Use only letters, digits and . _ - @ + ' (no spaces).");
    expect(posts(requests)).toHaveLength(0);
  });

  it('shows taken username and email under their fields', async () => {
    const { fill } = await openRegister(() =>
      apiError(422, 'Unprocessable Entity', { username: ['taken'], email: ['taken'] }),
    );
    await fill({ username: 'nova', email: 'nova@example.test', password: 'deep-crates-at-dawn' });
    expectShown(await screen.findByText('This username is already taken, please use a different one'));
    screen.getByText('This email is already taken, please use a different one');
  });

  it('says authentication failed on a 401 and registration failed otherwise', async () => {
    let status = 401;
    const { fill, user } = await openRegister(() => apiError(status, 'nope'));
    await fill({ username: 'nova', email: 'nova@example.test', password: 'deep-crates-at-dawn' });
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed. Please try again.');
    status = 503;
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Registration failed. Please try again.'),
    );
  });

  it('creates a web_client account, signs in and lands on /home', async () => {
    const { fill, requests, location, api } = await openRegister((r) => {
      if (r.path === '/users' && r.method === 'POST') return { body: makeUser({ id: 41, username: 'nova' }) };
      if (r.path.startsWith('/users/un/'))
        return { body: { is_firebase_user: false, auth_provider: 'web_client' } };
      if (r.path === '/tokens') return { body: { access_token: 'a', refresh_token: 'r' } };
      if (r.path === '/me') return { body: makeUser({ id: 41, username: 'nova' }) };
      return undefined;
    });
    await fill({
      username: 'nova',
      email: 'nova@example.test',
      password: 'deep-crates-at-dawn',
      about: 'Dub techno head',
    });
    await waitFor(() => expect(location()).toBe('/home'));
    expect(posts(requests)[0]?.body).toEqual({
      username: 'nova',
      email: 'nova@example.test',
      password: 'deep-crates-at-dawn',
      about_me: 'Dub techno head',
      auth_provider: 'web_client',
    });
    // docs/accounts.md: sign-up is sent without a token
    expect(posts(requests)[0]?.headers.get('authorization')).toBeNull();
    api.tokens.dispose();
  });
});
