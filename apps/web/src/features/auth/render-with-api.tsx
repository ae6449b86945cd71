import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Api } from '../../api/transport';
import { AppProviders } from '../../app/providers';
import { appRoutes } from '../../app/router';
import type { LoadSession } from './auth-context';

/** The real app at `path` on a given api (see fake-api.ts); the session starts from its stored tokens. */
export function renderWithApi(path: string, api: Api, loadSession?: LoadSession) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders api={api} loadSession={loadSession}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => {
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  };
  return { ...view, router, user, location };
}
