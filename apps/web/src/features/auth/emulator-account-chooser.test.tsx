import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { expectShown } from '../../test/shown';
import { EmulatorAccountChooser } from './emulator-account-chooser';
import { type EmulatorAccount, newEmulatorAccount } from './emulator-accounts';

// Nothing listens here: the chooser must still work, with no accounts to list.
const NO_EMULATOR = 'http://127.0.0.1:9';

/** A provider's button once the app's script has made it clickable, as a person would wait for it. */
async function readyButton(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  return button;
}

function renderChooser(provider: 'google' | 'apple' = 'google') {
  const picked: EmulatorAccount[] = [];
  let cancelled = 0;
  const user = userEvent.setup();
  render(
    <EmulatorAccountChooser
      provider={provider}
      emulatorUrl={NO_EMULATOR}
      projectId="demo-cratedig"
      onPick={(account) => picked.push(account)}
      onCancel={() => {
        cancelled += 1;
      }}
    />,
  );
  return { user, picked, cancelled: () => cancelled };
}

describe('the development sign-in chooser (docs/decisions/0004)', () => {
  it('says it is the development sign-in and adds a fake account with email and display name', async () => {
    const { user, picked } = renderChooser();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in with Google' });
    expect(dialog.textContent).toContain('Development sign-in.');
    expect(dialog.textContent).toContain('no real Google account is used');
    const form = await screen.findByRole('form', { name: 'Add a fake Google account' });
    expectShown(form);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'selector@example.test');
    await user.type(screen.getByRole('textbox', { name: 'Display name (optional)' }), 'The Selector');
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(picked).toHaveLength(1);
    expect(picked[0]).toMatchObject({ email: 'selector@example.test', displayName: 'The Selector' });
    expect(picked[0]?.sub).toMatch(/^\d{15}$/);
  });

  it('refuses an email that is not one, and picks nothing', async () => {
    const { user, picked } = renderChooser('apple');
    await screen.findByRole('form', { name: 'Add a fake Apple account' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in with Apple' }));
    await screen.findByText('Enter a valid email address');
    expect(picked).toHaveLength(0);
  });

  it('Cancel closes it without an account', async () => {
    const { user, picked, cancelled } = renderChooser();
    await screen.findByRole('form', { name: 'Add a fake Google account' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled()).toBe(1);
    expect(picked).toHaveLength(0);
  });

  it('adding an email the emulator already knows keeps that account (same subject, same user)', () => {
    const known: EmulatorAccount = {
      sub: '123456789012345',
      email: 'Raver@Example.test',
      displayName: 'Raver',
    };
    expect(newEmulatorAccount(' raver@example.test ', 'Raver again', [known])).toEqual({
      sub: '123456789012345',
      email: 'raver@example.test',
      displayName: 'Raver again',
    });
    expect(newEmulatorAccount('other@example.test', '', [known]).sub).not.toBe(known.sub);
  });
});

describe('social sign-in buttons against the emulator', () => {
  it('open the development chooser instead of a popup; closing it is a cancelled sign-in', async () => {
    const { api, requests } = createFakeApi((request) =>
      request.path === '/client-config'
        ? {
            body: {
              firebase: {
                api_key: 'demo-api-key',
                auth_domain: 'demo-cratedig.firebaseapp.com',
                project_id: 'demo-cratedig',
                emulator_url: NO_EMULATOR,
                enabled: true,
              },
              mail_from: 'Cratedig <no-reply@cratedig.app>',
            },
          }
        : undefined,
    );
    const app = renderApp('/login', { api: api });
    await app.user.click(await readyButton('Continue with Apple'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in with Apple' }, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Development sign-in.');
    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Login cancelled. Please try again.');
    expect(app.location()).toBe('/login');
    // Nothing was asked of the API beyond the settings: no account lookup without a sign-in.
    expect(requests.map((request) => request.path)).toEqual(['/client-config']);
  });
});

describe('social sign-in buttons on a server without Firebase', () => {
  it('say the sign-in is not set up here, without loading the provider', async () => {
    const { api, requests } = createFakeApi((request) =>
      request.path === '/client-config'
        ? {
            body: {
              firebase: {
                api_key: 'demo-api-key',
                auth_domain: 'demo-cratedig.firebaseapp.com',
                project_id: 'demo-cratedig',
                emulator_url: null,
                enabled: false,
              },
              mail_from: 'Cratedig <no-reply@cratedig.app>',
            },
          }
        : undefined,
    );
    const app = renderApp('/login', { api: api });
    await app.user.click(await readyButton('Continue with Google'));
    expect((await screen.findByRole('status')).textContent).toBe(
      "Google sign-in isn't set up on this server. Sign in with your username and password instead.",
    );
    expect(screen.queryByText('Something went wrong. Please try again later.')).toBeNull();
    expect(requests.map((request) => request.path)).toEqual(['/client-config']);
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toHaveProperty('disabled', false);
  });
});
