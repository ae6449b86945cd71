import { vi } from 'vitest';

/**
 * The desktop layout for a test: every min-width media query matches (jsdom has no matchMedia, so
 * pages render their small-screen layout by default). Undo with vi.unstubAllGlobals().
 */
export function asDesktop(): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('min-width'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
