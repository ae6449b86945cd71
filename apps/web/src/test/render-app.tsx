import type { User } from '@cratedig/contract/user';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import type { LoadSession, SessionUser } from '../features/auth/auth-context';

/** 'unknown' never resolves (the auth check is still running); 'visitor' has no session. */
export type TestSession = 'unknown' | 'visitor' | SessionUser;

/** A whole User as GET /api/me answers it; onboarding done, so /home opens without the modal. */
export const testUser: User = {
  id: 7,
  username: 'nightowl',
  email: 'nightowl@example.com',
  about_me: 'Night bus selector.',
  avatar_url: null,
  firebase_uid: null,
  auth_provider: null,
  is_firebase_user: false,
  soundcloud_url: null,
  user_type: ['listener'],
  notification_timeframe: 'daily',
  notification_preferences_enabled: true,
  completed_onboarding: true,
};

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
