import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { createFakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

function openHome(completed: boolean | null) {
  // A signed-in browser: a stored access token with an hour left (docs/accounts.md stored values).
  window.localStorage.setItem('accessToken', 'access-token');
  window.localStorage.setItem('tokenExpiry', String(Date.now() + 60 * 60 * 1000));
  const fake = createFakeApi((r) =>
    r.path === '/me/onboarding' && r.method === 'POST'
      ? { body: makeUser({ id: 41, username: 'crate_digger', completed_onboarding: true }), delayMs: 150 }
      : undefined,
  );
  const app = renderApp('/home', {
    api: fake.api,
    // null stands for a record written before the field existed: onboarding shows for false or empty.
    session: makeUser({ id: 41, username: 'crate_digger', completed_onboarding: completed as boolean }),
  });
  const saves = () => fake.requests.filter((r) => r.path === '/me/onboarding').length;
  return { ...app, saves };
}

describe('home onboarding (docs/web-app.md Home)', () => {
  it('walks the 4 steps: Back disabled first, Next becomes Finish, Finishing... while saving', async () => {
    const { user, saves } = openHome(false);
    // The modal is a lazy chunk: its first import in a test run transforms MUI icons (slow under load).
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Cratedig' }, { timeout: 12_000 });
    const inDialog = within(dialog);
    inDialog.getByText('1 / 4');
    expect(inDialog.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);

    await user.click(inDialog.getByRole('button', { name: 'Next' }));
    inDialog.getByRole('heading', { name: 'Queue it up' });
    inDialog.getByText('2 / 4');
    expect(inDialog.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', false);
    await user.click(inDialog.getByRole('button', { name: 'Back' }));
    inDialog.getByText('1 / 4');

    await user.click(inDialog.getByRole('button', { name: 'Next' }));
    await user.click(inDialog.getByRole('button', { name: 'Next' }));
    inDialog.getByRole('heading', { name: 'Heart to save tracks' });
    await user.click(inDialog.getByRole('button', { name: 'Next' }));
    inDialog.getByRole('heading', { name: 'Follow artists, labels and more' });
    inDialog.getByText('4 / 4');
    expect(inDialog.queryByRole('button', { name: 'Next' })).toBeNull();

    await user.click(inDialog.getByRole('button', { name: 'Finish' }));
    expect(await inDialog.findByRole('button', { name: 'Finishing...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves()).toBe(1);
  }, 30_000);

  it('completes onboarding when the modal is closed, and does not come back', async () => {
    const { user, saves } = openHome(null);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Cratedig' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(saves()).toBe(1));
  });

  it('is not shown to a user who completed it', async () => {
    openHome(true);
    await screen.findByRole('search');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
