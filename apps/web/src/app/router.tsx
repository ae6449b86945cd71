import { type ComponentType, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { lazyPage } from './lazy-page';
import { OpenLayout } from './open-layout';
import { PublicLayout } from './public-layout';
import { RouteErrorBoundary } from './route-error';
import { AuthGate, RequireAuth, VisitorsOnly } from './route-guards';

// Every page is its own chunk (loaded on first visit, lazy-page.tsx); each has an error boundary inside
// its layout, so a failing page keeps the top bar and footer around the friendly fallback. The routes
// are plain element routes: the app renders them with useRoutes in a BrowserRouter (AppRoutes), which
// leaves React Router's data-router code (about 16 KB gzipped) out of every page's first load.

/** What preloadFirstPage reads from a route: its chunk, which guard it sits behind, where it sends. */
interface RouteHints {
  preload?: () => Promise<unknown>;
  visitorsOnly?: boolean;
  membersOnly?: boolean;
  redirect?: string;
}

function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  const { element, preload } = lazyPage(load);
  return { path, element, handle: { preload } satisfies RouteHints };
}

function redirect(to: string): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <Navigate to={to} replace />, handle: { redirect: to } satisfies RouteHints };
}

const signedInLayout = lazyPage(() => import('./signed-in-layout').then((m) => m.SignedInLayout));

// docs/web-app.md route table.
export const appRoutes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingOverlay />}>
          <AuthGate />
        </Suspense>
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, ...redirect('/login') },
      {
        element: <VisitorsOnly />,
        handle: { visitorsOnly: true } satisfies RouteHints,
        children: [
          {
            element: <PublicLayout />,
            children: [
              page('login', () => import('../features/auth/login-page').then((m) => m.LoginPage)),
              page('register', () => import('../features/auth/register-page').then((m) => m.RegisterPage)),
              page('forgot-password', () =>
                import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
              ),
              page('reset', () =>
                import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
              ),
            ],
          },
        ],
      },
      {
        element: <OpenLayout />,
        children: [
          page('about', () => import('../features/info/about-page').then((m) => m.AboutPage)),
          page('policy', () => import('../features/info/privacy-page').then((m) => m.PrivacyPage)),
          page('terms', () => import('../features/info/terms-page').then((m) => m.TermsPage)),
        ],
      },
      // The privacy policy lives at /policy; /privacy is the address people guess, for everyone.
      { path: 'privacy', ...redirect('/policy') },
      {
        element: <RequireAuth />,
        handle: { membersOnly: true } satisfies RouteHints,
        children: [
          {
            element: signedInLayout.element,
            handle: { preload: signedInLayout.preload } satisfies RouteHints,
            children: [
              page('home', () => import('../features/home/home-page').then((m) => m.HomePage)),
              page('sets', () => import('../features/sets/sets-page').then((m) => m.SetsPage)),
              page('sets/:id', () => import('../features/sets/set-detail-page').then((m) => m.SetDetailPage)),
              page('sets/:id/tracklist', () =>
                import('../features/contribute/suggest-tracklist-page').then((m) => m.SuggestTracklistPage),
              ),
              page('tracks', () => import('../features/tracks/tracks-page').then((m) => m.TracksPage)),
              page('tracks/:id', () =>
                import('../features/tracks/track-detail-page').then((m) => m.TrackDetailPage),
              ),
              page('ids', () =>
                import('../features/identifications/waiting-ids-page').then((m) => m.WaitingIdsPage),
              ),
              page('artists', () => import('../features/artists/artists-page').then((m) => m.ArtistsPage)),
              page('artists/:id', () =>
                import('../features/artists/artist-detail-page').then((m) => m.ArtistDetailPage),
              ),
              page('labels', () => import('../features/labels/labels-page').then((m) => m.LabelsPage)),
              page('labels/:id', () =>
                import('../features/labels/label-detail-page').then((m) => m.LabelDetailPage),
              ),
              page('festivals/:id', () =>
                import('../features/places/place-detail-page').then((m) => m.FestivalDetailPage),
              ),
              page('venues/:id', () =>
                import('../features/places/place-detail-page').then((m) => m.VenueDetailPage),
              ),
              page('profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage)),
              page('search', () => import('../features/search/search-page').then((m) => m.SearchPage)),
              page('publish', () => import('../features/publish/publish-page').then((m) => m.PublishPage)),
            ],
          },
        ],
      },
      // docs/web-app.md: any other path goes to /home (and from there to /login for a visitor).
      { path: '*', ...redirect('/home') },
    ],
  },
];

/** The route table, rendered inside the app's BrowserRouter (main.tsx). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Starts loading the chunks of the page the app is about to draw for this address: the page and its
 * layout, or for a visitor on a signed-in page the sign-in page the guard sends them to. main.tsx calls
 * it before the first render, so the first screen is drawn once, with its page, instead of the layout
 * first and the page a round trip later. `signedIn` is a guess from the stored tokens; a wrong guess
 * only loads a chunk early.
 */
export function preloadFirstPage(pathname: string, signedIn: boolean, hops = 0): Promise<unknown> {
  const hints = (matchRoutes(appRoutes, pathname) ?? []).map(
    (match) => (match.route.handle ?? {}) as RouteHints,
  );
  const to = hints.find((hint) => hint.redirect)?.redirect;
  if (to && hops < 2) return preloadFirstPage(to, signedIn, hops + 1);
  if (!signedIn && hints.some((hint) => hint.membersOnly)) return preloadFirstPage('/login', false, hops + 1);
  // A signed-in person on a visitors' page goes on to a page only the stored next location knows.
  if (signedIn && hints.some((hint) => hint.visitorsOnly)) return Promise.resolve();
  return Promise.all(hints.flatMap((hint) => (hint.preload ? [hint.preload()] : [])));
}
