import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/factories';
import { renderApp } from '../test/render';

describe('keyboard and screen-reader orientation', () => {
  it('offers Skip to content first, which moves focus to the main region', async () => {
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Cratedig' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('moves focus to the new page heading after a route change, not on the first load', async () => {
    const { router } = renderApp('/about', { session: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'About Cratedig' });
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/terms'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
