import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

describe('the legal pages', () => {
  it('the terms show the date their changes section promises', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    expect(screen.getByText(/the date at the top of this page always shows the latest version/)).toBeTruthy();
    expect(screen.getByText('Last updated', { exact: false }).textContent).toBe('Last updated 22 Nov 2026');
  });

  it('the privacy policy shows its version date too', async () => {
    renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText('Last updated', { exact: false }).textContent).toBe('Last updated 22 Nov 2026');
  });
});
