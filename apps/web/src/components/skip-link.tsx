import { colors } from '../lib/design-tokens';

/** The id of each layout's main region, the target of the skip link and of route focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to content': the first thing Tab reaches on every page, hidden until focused. It moves focus
 * to the main region (without touching the URL's hash, which belongs to the page).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
      }}
      className="cd-skip-link"
      style={{ color: colors.ink, backgroundColor: colors.acid }}
    >
      Skip to content
    </a>
  );
}
