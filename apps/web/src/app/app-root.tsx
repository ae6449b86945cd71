import { type ComponentType, type ReactNode, StrictMode } from 'react';
import type { Api } from '../api/transport';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app around a router. The browser renders it in a BrowserRouter (main.tsx); the build
 * renders the sign-in page's first screen with the same tree in a StaticRouter
 * (first-screen/render-first-screen.tsx), so the two produce the same markup and React can take the
 * prerendered page over instead of drawing it again.
 */
export function AppRoot({
  router: Router,
  api,
}: {
  router: ComponentType<{ children: ReactNode }>;
  api?: Api;
}) {
  return (
    <StrictMode>
      <AppProviders api={api}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
