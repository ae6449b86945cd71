import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import type { LoadSession, SessionUser } from '../features/auth/auth-context';

/** 'unknown' never resolves (the auth check is still running); 'visitor' has no session. */
export type TestSession = 'unknown' | 'visitor' | SessionUser;

export const testUser: SessionUser = { id: 7, username: 'nightowl', email: 'nightowl@example.com' };

function sessionLoader(session: TestSession): LoadSession {
  if (session === 'unknown') return () => new Promise<never>(() => {});
  if (session === 'visitor') return async () => null;
  return async () => session;
}

/** Renders the real app (providers, route table, layouts, lazy pages) at `path` for a given session. */
export function renderApp(path: string, session: TestSession = 'visitor') {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders loadSession={sessionLoader(session)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}
