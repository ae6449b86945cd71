import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, createFakeApi, type FakeHandler, type FakeRequest } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';

async function openReset(handler: FakeHandler, path = '/reset?token=tok-123') {
  const fake = createFakeApi(handler);
  const app = renderApp(path, { api: fake.api });
  await screen.findByRole('form', { name: 'Choose a new password' }, { timeout: 30_000 });
  const submit = async (password: string, confirm: string) => {
    if (password) await app.user.type(screen.getByLabelText(/^New password/), password);
    if (confirm) await app.user.type(screen.getByLabelText(/^Confirm new password/), confirm);
    await app.user.click(screen.getByRole('button', { name: 'Save new password' }));
  };
  return { ...app, ...fake, submit };
}

const resets = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'PUT' && r.path === '/tokens/reset');

// The page loads its code on first use: slow on a busy machine.
describe('reset password (docs/accounts.md)', { timeout: 45_000 }, () => {
  it('needs at least 8 characters', async () => {
    const { submit, requests } = await openReset(() => undefined);
    await submit('pw1', 'pw1');
    screen.getByText('Password must have at least 8 characters');
    expect(resets(requests)).toHaveLength(0);
  });

  it('refuses a common password before sending it, and says so when the field is left', async () => {
    const { submit, requests, user } = await openReset(() => undefined);
    await user.type(screen.getByLabelText(/^New password/), 'iloveyou');
    await user.tab();
    expectShown(
      // the list of common passwords loads on demand
      await screen.findByText(
        'This password is too common and easy to guess. Choose another one.',
        {},
        { timeout: 15_000 },
      ),
    );
    await submit('', 'iloveyou');
    expect(resets(requests)).toHaveLength(0);
  });

  it('needs both entries to match', async () => {
    const { submit, requests } = await openReset(() => undefined);
    await submit('deep-crates', 'deep-crateS');
    screen.getByText('Passwords must match!');
    expect(resets(requests)).toHaveLength(0);
  });

  it('says something happened when the server refuses the token', async () => {
    const { submit } = await openReset(() => apiError(400, 'This reset link is no longer valid.'));
    await submit('deep-crates', 'deep-crates');
    expect((await screen.findByRole('alert')).textContent).toBe('Something happened, please try again');
  });

  it('without a token says the link is incomplete and offers a new one, with no form', async () => {
    const fake = createFakeApi(() => undefined);
    const app = renderApp('/reset', { api: fake.api });
    await screen.findByRole('heading', { name: 'This reset link is incomplete' });
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
    await app.user.click(screen.getByRole('link', { name: 'Send a new link' }));
    await waitFor(() => expect(app.location()).toBe('/forgot-password'));
    expect(resets(fake.requests)).toHaveLength(0);
  });

  it('sends the token from the query with the new password, then goes to /login with a toast', async () => {
    const { submit, requests, location } = await openReset(() => ({ status: 204 }));
    await submit('new-pass-2026', 'new-pass-2026');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(resets(requests)[0]?.body).toEqual({ token: 'tok-123', new_password: 'new-pass-2026' });
    expectShown(await screen.findByText('Your password was changed. Sign in with your new password.'));
  });
});

describe('forgot password (docs/accounts.md)', () => {
  it('names the sender of the reset email after sending', async () => {
    const fake = createFakeApi((r) => {
      if (r.path === '/tokens/reset') return { status: 204 };
      if (r.path === '/client-config') {
        return {
          body: {
            firebase: { api_key: 'k', auth_domain: 'd', project_id: 'p', emulator_url: null },
            mail_from: 'Cratedig <no-reply@cratedig.test>',
          },
        };
      }
      return undefined;
    });
    const app = renderApp('/forgot-password', { api: fake.api });
    await app.user.type(await screen.findByLabelText(/Email/), 'nova@example.test{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please check your email inbox or SPAM folder for a password reset email from Cratedig <no-reply@cratedig.test>',
    );
    expect(fake.requests.find((r) => r.path === '/tokens/reset')?.body).toEqual({
      email: 'nova@example.test',
    });
  });

  it('announces the success once: one alert, not a placeholder replaced by another', async () => {
    const fake = createFakeApi((r) => {
      if (r.path === '/tokens/reset') return { status: 204 };
      if (r.path === '/client-config') {
        return {
          body: {
            firebase: { api_key: 'k', auth_domain: 'd', project_id: 'p', emulator_url: null },
            mail_from: 'Cratedig <no-reply@cratedig.test>',
          },
        };
      }
      return undefined;
    });
    const app = renderApp('/forgot-password', { api: fake.api });
    const email = await screen.findByLabelText(/Email/);
    const inserted: Element[] = [];
    const watcher = new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          inserted.push(
            ...[node, ...node.querySelectorAll('*')].filter((e) => e.getAttribute('role') === 'alert'),
          );
        }
      }
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    await app.user.type(email, 'nova@example.test{Enter}');
    const alert = await screen.findByRole('alert');
    // Long enough for any lazily loaded replacement to have arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    watcher.disconnect();
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    expect(inserted).toEqual([alert]);
    expect(screen.getAllByText(/Please check your email inbox/)).toHaveLength(1);
  });

  it('shows nothing when the request fails', async () => {
    const fake = createFakeApi(() => apiError(500, 'boom'));
    const app = renderApp('/forgot-password', { api: fake.api });
    await app.user.type(await screen.findByLabelText(/Email/), 'nova@example.test{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
