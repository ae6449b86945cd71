// Runs at build time in Node (apps/web/scripts/prerender.mjs), never in the browser.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createTokenManager } from '../api/token-manager';
import { createTokenStorage } from '../api/token-storage';
import { createApi } from '../api/transport';
import { AppRoot } from '../app/app-root';
import { preloadFirstPage } from '../app/router';
import { criticalStyleTags } from './critical-styles';

export interface FirstScreen {
  /** The markup of #root. */
  html: string;
  /** The <style> elements of its CSS, for the document's head. */
  styles: string;
}

/** A visitor's browser: nothing stored, the page in sight. */
function visitorsApi() {
  const nothingStored = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  return createApi({
    tokens: createTokenManager({ storage: createTokenStorage(nothingStored) }),
    visibility: { isHidden: () => false, onVisible: () => () => {} },
  });
}

/**
 * What a visitor's browser draws first at `path` (a public page), as markup and CSS. Rendered with the
 * tree and the emotion cache key ("css", MUI's default) the browser uses, so hydrating it changes
 * nothing. The parts that depend on the browser take their server answers, which match its first
 * render: online, wide enough for every part of the promo panel (the CSS hides what a phone does not
 * show), no update waiting.
 */
export async function renderFirstScreen(path: string): Promise<FirstScreen> {
  // The page's chunk is here before the render, as in the browser (main.tsx): nothing suspends.
  await preloadFirstPage(path, false);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const api = visitorsApi();
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppRoot router={Router} api={api} />
    </CacheProvider>,
  );
  // A Suspense boundary still waiting renders its fallback; the browser would draw something else.
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->'))
    throw new Error(`the first screen of ${path} suspended while rendering`);
  if (!html.includes('<h1')) throw new Error(`the first screen of ${path} has no heading`);
  return { html, styles: criticalStyleTags(cache) };
}
