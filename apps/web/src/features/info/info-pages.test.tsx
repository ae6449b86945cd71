import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

describe('the legal pages', () => {
  it('the terms show the date their changes section promises', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    screen.getByText(/the date at the top of this page always shows the latest version/);
    expect(screen.getByText('Last updated', { exact: false }).textContent).toBe('Last updated 22 Nov 2026');
  });

  it('the privacy policy shows its version date too', async () => {
    renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText('Last updated', { exact: false }).textContent).toBe('Last updated 22 Nov 2026');
  });
});

describe('who to write to', () => {
  const site = (r: { path: string }) =>
    r.path === '/site' ? { body: { contact_email: 'crew@example.org' } } : undefined;

  it('the terms name the contact address wherever they ask you to tell us, and end with it', async () => {
    renderApp('/terms', { api: site });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' }, { timeout: 20_000 });
    const links = await screen.findAllByRole('link', { name: 'crew@example.org' });
    // your account, the arbitration opt-out, and the Contact section
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.getAttribute('href')).toBe('mailto:crew@example.org');
    screen.getByRole('heading', { level: 2, name: 'Contact' });
    expect(screen.queryByText(/tell(ing)? us/)).toBeNull();
  });

  it('the privacy policy too: for a copy of your data, a child’s data, and at its end', async () => {
    renderApp('/policy', { api: site });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 20_000 });
    expect(await screen.findAllByRole('link', { name: 'crew@example.org' })).toHaveLength(3);
    expect(screen.queryByText(/(ask|tell) us/)).toBeNull();
  });
});
