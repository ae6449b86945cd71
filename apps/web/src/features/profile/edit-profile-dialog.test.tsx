import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const list: FakeResponse = { body: { data: [], pagination: { offset: 0, count: 0, total: 0 } } };
function profileApi(request: FakeRequest): FakeResponse | undefined {
  if (request.path === '/queue') return { body: [] };
  if (request.path === '/plays/last') return { status: 204 };
  if (request.path.startsWith('/users/7/')) return list;
  if (request.path === '/me/profile-update')
    return { body: makeUser({ id: 7, ...(request.body as object) }) };
  return undefined;
}

/** jsdom lays nothing out: give every element the heights a browser would measure. */
function layOut(scrollHeight: number, clientHeight: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
}
afterEach(() => vi.restoreAllMocks());

async function openEditProfile(about = '') {
  const app = renderApp('/profile', { api: profileApi, session: makeUser({ id: 7, about_me: about }) });
  await app.user.click(await screen.findByRole('button', { name: 'Settings' }, { timeout: 45_000 }));
  await app.user.click(await screen.findByRole('menuitem', { name: /Edit Profile/ }));
  return app;
}

// The profile page and the dialog load their code on first use: slow on a busy machine.
describe('Edit Profile', { timeout: 60_000 }, () => {
  it('counts About against its limit and says a longer one is too long before saving', async () => {
    const { user, requests } = await openEditProfile();
    const about = screen.getByRole('textbox', { name: 'About' });
    screen.getByText('0 / 1,000');
    fireEvent.change(about, { target: { value: 'x'.repeat(1001) } });
    screen.getByText('1,001 / 1,000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('About must be at most 1,000 characters');
    expect(requests.filter((r) => r.path === '/me/profile-update')).toHaveLength(0);
  });

  it('says a link past its limit is too long before saving', async () => {
    const { user, requests } = await openEditProfile();
    fireEvent.change(screen.getByRole('textbox', { name: 'SoundCloud URL' }), {
      target: { value: `https://soundcloud.com/${'a'.repeat(200)}` },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Link must be at most 200 characters');
    expect(requests.filter((r) => r.path === '/me/profile-update')).toHaveLength(0);
  });

  it('saves About within its limit', async () => {
    const { user, requests } = await openEditProfile();
    fireEvent.change(screen.getByRole('textbox', { name: 'About' }), { target: { value: 'x'.repeat(1000) } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/me/profile-update')).toHaveLength(1));
  });
});

describe('the profile’s About', { timeout: 60_000 }, () => {
  it('is folded to three lines with Read more when it is long', async () => {
    layOut(2400, 81);
    const { user } = renderApp('/profile', {
      api: profileApi,
      session: makeUser({ id: 7, about_me: 'I dig records. '.repeat(60) }),
    });
    const more = await screen.findByRole('button', { name: 'Read more' }, { timeout: 20_000 });
    expect(screen.getByLabelText('Bio').textContent).toContain('I dig records.');
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });
});
