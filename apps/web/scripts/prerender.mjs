// Build step after `vite build`: writes the documents whose first screen arrives drawn, dist/login.html
// and dist/register.html. Each is the built index.html with the page's markup in #root and its CSS in
// <head>, so the browser paints the page before any script runs; main.tsx then hydrates it. The API
// serves them for exactly /login and /register (apps/api/src/plugins/web-app.ts); every other address,
// and the service worker's offline document, stay the plain index.html.
// The page modules are loaded through Vite (TypeScript, JSX, the workspace's contract package); the
// libraries come from node_modules as Node loads them, in their production builds, as in the browser.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Production builds of React, MUI and Emotion: class names and markup as the built app makes them.
process.env.NODE_ENV = 'production';
const { createServer } = await import('vite');
const { default: react } = await import('@vitejs/plugin-react');

const PRERENDERED_PAGES = ['/login', '/register'];

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webRoot, 'dist');
const started = performance.now();

const vite = await createServer({
  configFile: false,
  root: webRoot,
  mode: 'production',
  logLevel: 'warn',
  plugins: [react()],
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderFirstScreen } = await vite.ssrLoadModule('/src/first-screen/render-first-screen.tsx');
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    throw new Error('dist/index.html has no empty <div id="root"></div> or no </head>');
  for (const path of PRERENDERED_PAGES) {
    const { html, styles } = await renderFirstScreen(path);
    const document = template
      .replace('</head>', () => `${styles}</head>`)
      .replace(root, () => `<div id="root" data-first-screen="${path}">${html}</div>`);
    writeFileSync(join(dist, `${path.slice(1)}.html`), document);
  }
} finally {
  await vite.close();
}
console.log(`prerendered ${PRERENDERED_PAGES.join(', ')} in ${Math.round(performance.now() - started)} ms`);
