/// <reference types="vitest/config" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The API serves the build from the same origin; in development Vite forwards these to it.
const apiOrigin = process.env.CRATEDIG_API_ORIGIN ?? 'http://localhost:8080';
const proxied = ['/api', '/media', '/public'];

// The styling engine and the MUI components every first screen draws (the public pages' forms and
// buttons, the signed-in frame's bar), with what they import, in one chunk. Split the default way they
// were some 20 small chunks, which gzipped 8 KB larger on /login and cost as many requests. The
// components only some pages use still come with those pages.
const FIRST_SCREEN_UI = new RegExp(
  [
    'node_modules[\\\\/](@emotion|stylis|clsx|react-is|hoist-non-react-statics|@babel[\\\\/]runtime)[\\\\/]',
    `node_modules[\\\\/]@mui[\\\\/]material[\\\\/](${[
      'styles',
      'zero-styled',
      'DefaultPropsProvider',
      'GlobalStyles',
      'colors',
      'transitions',
      'CssBaseline',
      'Box',
      'Stack',
      'Typography',
      'SvgIcon',
      'ButtonBase',
      'Button',
      'useLazyRipple',
      'CircularProgress',
      'Divider',
      'Link',
      'FormControl',
      'FormHelperText',
      'FormLabel',
      'InputBase',
      'InputLabel',
      'OutlinedInput',
      'TextareaAutosize',
      'ButtonGroup[\\\\/]ButtonGroup(Button)?Context',
      'Select[\\\\/]utils',
    ].join('|')})[\\\\/]`,
  ].join('|'),
);

// React Router publishes its production build (no development warnings) without an export condition
// that selects it; builds take it by path, tests and the dev server keep the warnings. 0.4 KB gzipped
// less on every first screen.
const routerProductionBuild = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The Latin faces of the two fonts every screen draws with, requested with the page instead of at the
// first layout: a browser then lays the first screen out once, in its own fonts, instead of first
// resolving fallback fonts (tens of milliseconds of font matching per family on Linux) and laying it
// out again when the fonts arrive.
const FIRST_SCREEN_FONTS = [
  /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  /^assets\/space-grotesk-latin-wght-normal-[\w-]+\.woff2$/,
];

function preloadFirstScreenFonts(): Plugin {
  return {
    name: 'cratedig-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {});
        return FIRST_SCREEN_FONTS.map((pattern) => {
          const file = files.find((name) => pattern.test(name));
          if (!file) throw new Error(`no built font matches ${pattern}`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

// MUI's createTheme also carries the CSS-variables theme builder (createThemeWithVars and its helpers,
// about 4 KB gzipped), which every page loads because each component's default theme is made with it.
// Without `cssVariables` or `colorSchemes` in its options (the app's theme and MUI's default theme)
// createTheme only ever calls createThemeNoVars: builds get a createTheme that does just that, and
// fails loudly if those options are ever passed.
const MUI_CREATE_THEME = /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/;

function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'cratedig-mui-theme-without-css-variables',
    apply: 'build',
    load(id) {
      if (!MUI_CREATE_THEME.test(id)) return null;
      return `import createThemeNoVars from './createThemeNoVars.mjs';
export default function createTheme(options = {}, ...args) {
  if ('cssVariables' in options || 'colorSchemes' in options)
    throw new Error('createTheme: this build has no CSS-variables themes (apps/web/vite.config.ts)');
  return createThemeNoVars(options, ...args);
}
`;
    },
  };
}

// Workbox bundles the service worker from a file it writes into a new folder of the system's temporary
// directory and never removes (workbox-build's bundle step), so every build left one behind. A build
// gives it a folder of its own instead, removed when the build's process ends, however it ends.
function workboxTemporaryFilesRemoved(): Plugin {
  return {
    name: 'cratedig-workbox-temporary-files-removed',
    apply: 'build',
    config() {
      const folder = mkdtempSync(join(tmpdir(), 'cratedig-web-build-'));
      process.env.TMPDIR = folder;
      process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    },
  };
}

export default defineConfig(({ command }) => ({
  root: webRoot,
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProductionBuild }] } : {},
  plugins: [
    react(),
    preloadFirstScreenFonts(),
    muiThemeWithoutCssVariables(),
    workboxTemporaryFilesRemoved(),
    VitePWA(pwaOptions),
  ],
  // public/ (favicon, icons) is copied to the site root; the URL prefix /public/... is the API's
  // share previews and is proxied, the two never meet.
  publicDir: 'public',
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiOrigin, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // .vite/manifest.json: which chunks each page loads (scripts/js-budget.mjs); never served (a dotfile).
    manifest: true,
    // Vendor code changes far less often than ours: separate chunks keep it cached across deploys.
    // Only libraries every screen needs are grouped, so lazy pages still pull their own extras.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'ui',
              test: FIRST_SCREEN_UI,
              priority: 20,
            },
            { name: 'data', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // jsdom + MUI + lazy route chunks: the first render of a file transforms a lot of modules.
    testTimeout: 15_000,
    // One document and one module graph per worker, not per file: the jsdom environment and MUI's
    // imports cost each file about 3 s of worker time (web tests 232 s -> 77 s on 2 cores).
    // src/test/setup.ts returns the document to a new page's state after every test.
    isolate: false,
    pool: 'threads',
  },
}));
