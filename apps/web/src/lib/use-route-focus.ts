import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to render its heading (its data loading) before focus stops waiting. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a route change, focus moves to the new page's heading (its h1 inside the element with id
 * `containerId`), so a keyboard or screen-reader user starts at the new page instead of on <body>.
 * The first load keeps the browser's own focus. A heading rendered later (the page's data arriving)
 * is waited for.
 */
export function useRouteFocus(containerId: string): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new path, by design
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const container = document.getElementById(containerId);
    if (!container) return;
    const focusHeading = (): boolean => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, containerId]);
}
