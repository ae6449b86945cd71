import { useLayoutEffect } from 'react';

/**
 * Locks page scrolling while the calling component is mounted (docs/web-app.md: the loading overlay does).
 */
export function useScrollLock(active = true): void {
  // Layout effect: the lock is on in the same frame the overlay appears, and off in the frame it goes.
  useLayoutEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [active]);
}
