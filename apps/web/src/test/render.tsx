// The one render helper of the web tests: the app's real providers around either a piece of UI or
// the whole route table, with the api, the session, the query client and the player each chosen by
// an option. Test helpers sit at the top of the import direction, beside app/: they may use app/ and
// the features' public entries, and only tests import them.

import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { QueueItem } from '@cratedig/contract/queue';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import type { Api } from '../api/transport';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { SessionProviders } from '../app/session-providers';
import type { LoadSession, SessionUser } from '../features/auth';
import { makeSet, makeUser } from './factories';
import { createFakeApi, type FakeHandler, type FakeRequest } from './fake-api';
import { createTestPlayer } from './player-fakes';

/**
 * 'unknown' never resolves (the auth check is still running); 'visitor' has no session; 'stored'
 * loads the session from the stored tokens through the api, as the app does; a user is signed in.
 */
export type TestSession = 'unknown' | 'visitor' | 'stored' | SessionUser;

export interface RenderOptions {
  /** An Api, or a handler answering like the API (fake-api.ts). Default: the real transport. */
  api?: Api | FakeHandler;
  /**
   * Default: 'stored' when an api is given, else 'visitor'. A signed-in user also stores tokens, so
   * the transport sends calls instead of answering a local 401.
   */
  session?: TestSession;
  /**
   * Default: a client whose data never goes stale (renderWithProviders), or one configured as the
   * app's (renderApp), new for each render.
   */
  queryClient?: QueryClient;
  /** A player on a fake audio element and a recording PlayerApi over these sets and this queue. */
  player?: { sets?: SetDetail[]; queue?: QueueItem[] };
}

function sessionLoader(session: TestSession): LoadSession | undefined {
  if (session === 'stored') return undefined;
  if (session === 'unknown') return () => new Promise<never>(() => {});
  if (session === 'visitor') return async () => null;
  return async () => session;
}

function setUp(options: RenderOptions, ownClient: boolean) {
  const given = options.api;
  const fake = typeof given === 'function' ? createFakeApi(given) : null;
  const api = fake ? fake.api : (given as Api | undefined);
  const session = options.session ?? (api ? 'stored' : 'visitor');
  if (api && typeof session === 'object') {
    window.localStorage.setItem('accessToken', 'access-token');
    window.localStorage.setItem('tokenExpiry', String(Date.now() + 60 * 60 * 1000));
  }
  // Component tests seed the cache with what the page had loaded: nothing goes stale under them.
  const client =
    options.queryClient ??
    (ownClient
      ? new QueryClient({
          defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
        })
      : createQueryClient());
  // The player keeps the queue in the same query cache the rendered UI reads.
  const player = options.player
    ? createTestPlayer(
        options.player.sets ?? [makeSet(1), makeSet(2), makeSet(3)],
        options.player.queue ?? [],
        client,
      )
    : null;
  // The player sends the signed-in user's id with its queue calls.
  if (player && typeof session === 'object') player.store.setUser(session.id);
  const wrap = (children: ReactNode) => (
    <AppProviders api={api} loadSession={sessionLoader(session)}>
      <SessionProviders queryClient={client} player={player?.store}>
        {children}
      </SessionProviders>
    </AppProviders>
  );
  const requests: FakeRequest[] = fake ? fake.requests : [];
  return { wrap, client, requests, player };
}

/** Renders `ui` inside the app's providers and a memory router. */
export function renderWithProviders<O extends RenderOptions>(ui: ReactNode, options: O = {} as O) {
  const { wrap, client, requests, player } = setUp(options, true);
  const user = userEvent.setup();
  const view = render(wrap(<MemoryRouter>{ui}</MemoryRouter>));
  const parts = { ...view, user, client, requests };
  type WithPlayer = O extends { player: object } ? NonNullable<typeof player> : object;
  return { ...parts, ...(player as WithPlayer) };
}

/** Renders the real app (providers, route table, layouts, lazy pages) at `path`. */
export function renderApp(path: string, options: RenderOptions = {}) {
  const { wrap, requests } = setUp(options, false);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(wrap(<RouterProvider router={router} />));
  const location = () => {
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  };
  return { ...view, router, user, location, requests };
}

/** UI that plays: the providers with a signed-in user and a test player (see RenderOptions.player). */
export function renderWithPlayer(ui: ReactNode, options: { queue?: QueueItem[] } = {}) {
  return renderWithProviders(ui, { session: makeUser(), player: { queue: options.queue } });
}
