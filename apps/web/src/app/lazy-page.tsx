import { type ComponentType, lazy, type ReactElement, Suspense, useState } from 'react';
import { RouteErrorBoundary } from './route-error';

/** A page in its own chunk, for a route's element, with a way to start loading it early. */
export interface LazyPage {
  /** The page inside its error boundary (so a failing page keeps its layout around the fallback). */
  element: ReactElement;
  /** Starts loading the page's chunk (once; again after a failure) and resolves with the page. */
  preload: () => Promise<ComponentType>;
}

/**
 * React.lazy suspends on its first render even when the chunk has already arrived, which costs the
 * first screen a second render and layout. A page preloaded before the app renders (main.tsx) is drawn
 * at once instead; one still loading goes through React.lazy as before.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (Component) => {
        loaded = Component;
        return Component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the page itself later would remount
    // the page and lose what was typed into it.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready /> : <Lazy />;
  }
  return {
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    ),
    preload,
  };
}
