import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { OpenLayout } from './open-layout';
import { PublicLayout } from './public-layout';
import { RouteErrorBoundary } from './route-error';
import { AuthGate, RequireAuth, VisitorsOnly } from './route-guards';

// Every page is its own chunk (loaded on first visit, React.lazy); each has an error boundary inside
// its layout, so a failing page keeps the top bar and footer around the friendly fallback. The routes
// are plain element routes: the app renders them with useRoutes in a BrowserRouter (AppRoutes), which
// leaves React Router's data-router code (about 16 KB gzipped) out of every page's first load.
function lazyElement(load: () => Promise<ComponentType>) {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, element: lazyElement(load) };
}

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
      { index: true, element: <Navigate to="/login" replace /> },
      {
        element: <VisitorsOnly />,
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
      {
        element: <RequireAuth />,
        children: [
          {
            element: lazyElement(() => import('./signed-in-layout').then((m) => m.SignedInLayout)),
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
              page('profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage)),
              page('search', () => import('../features/search/search-page').then((m) => m.SearchPage)),
            ],
          },
        ],
      },
      // docs/web-app.md: any other path goes to /home (and from there to /login for a visitor).
      { path: '*', element: <Navigate to="/home" replace /> },
    ],
  },
];

/** The route table, rendered inside the app's BrowserRouter (main.tsx). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
