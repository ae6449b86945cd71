import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { appRoutes, preloadFirstPage } from './router';

// Its own file: which page chunks a test file has already loaded is module state shared by its tests.
describe('the first screen of a browser without a stored session', () => {
  it('draws the sign-in form in the first frame, without the session overlay, after a signed-in address', async () => {
    // A visitor opening a signed-in page is sent to /login: that is the page loaded before the first render.
    await preloadFirstPage('/sets/12', false);
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/login'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    screen.getByRole('heading', { level: 1, name: 'Welcome back' });
    screen.getByRole('textbox', { name: /Username/ });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
