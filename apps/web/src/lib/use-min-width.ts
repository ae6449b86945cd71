import { useSyncExternalStore } from 'react';

/**
 * Whether the viewport is at least `px` wide, following resizes. Without matchMedia (jsdom) it
 * answers true: a part left out on narrow screens is then rendered, hidden by its own CSS as before.
 */
export function useMinWidth(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia !== 'function' || window.matchMedia(query).matches,
    () => true,
  );
}
