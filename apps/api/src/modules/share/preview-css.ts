// The share pages' stylesheet, served as /public/preview.css (no inline styles, so a strict Content
// Security Policy holds). The app's dark theme: its ink, surfaces, text colours and acid accent
// (apps/web theme tokens), its typefaces (Inter for text, Space Grotesk for headings, served from
// the same packages the web app bundles), and one column under 640 px so a 390 px phone reads it
// without zooming.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The font files the stylesheet names, served under /public/fonts/{name}. */
export const PREVIEW_FONTS: Record<string, string> = {
  'inter.woff2': require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  'space-grotesk.woff2': require.resolve(
    '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2',
  ),
};

export const PREVIEW_CSS = `
@font-face { font-family: "Inter Variable"; font-style: normal; font-display: swap; font-weight: 100 900;
  src: url(/public/fonts/inter.woff2) format("woff2-variations"); }
@font-face { font-family: "Space Grotesk Variable"; font-style: normal; font-display: swap; font-weight: 300 700;
  src: url(/public/fonts/space-grotesk.woff2) format("woff2-variations"); }
:root { color-scheme: dark; }
* { box-sizing: border-box; }
body { margin: 0; background: #09090c; color: #f3f3f6; line-height: 1.5;
  font: 16px/1.5 "Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
h1, h2, .brand { font-family: "Space Grotesk Variable", "Inter Variable", system-ui, sans-serif; }
a { color: #c6ff3a; }
a:focus-visible { outline: 2px solid #c6ff3a; outline-offset: 2px; }
.top { padding: 16px 24px; border-bottom: 1px solid #202029; background: #111116; }
.brand { color: #f3f3f6; font-weight: 700; font-size: 1.25rem; letter-spacing: -0.02em; text-decoration: none; }
.page { max-width: 960px; margin: 0 auto; padding: 32px 24px 48px; }
.hero { display: flex; gap: 32px; align-items: flex-start; }
.art { width: 300px; height: 300px; flex: none; border-radius: 12px; object-fit: cover; background: #18181f; }
.head { min-width: 0; }
.kind { margin: 0 0 4px; color: #c6ff3a; font-size: 0.8rem; font-weight: 600; letter-spacing: 0.08em; text-transform: uppercase; }
h1 { margin: 0; font-size: 2.25rem; line-height: 1.15; letter-spacing: -0.02em; overflow-wrap: anywhere; }
h2 { margin: 0 0 12px; font-size: 1.25rem; }
.byline { margin: 8px 0 0; color: #a7a7b4; font-size: 1.125rem; overflow-wrap: anywhere; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 12px 24px; margin: 24px 0 0; }
.facts div { min-width: 0; }
.facts dt { color: #a7a7b4; font-size: 0.8rem; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.actions { margin: 28px 0 0; }
.cta { display: inline-block; padding: 12px 24px; border-radius: 999px; background: #c6ff3a; color: #09090c;
  font-weight: 700; text-decoration: none; }
.cta:hover { background: #9fd61c; }
.note { margin: 10px 0 0; color: #a7a7b4; font-size: 0.875rem; }
.bio, .list { margin-top: 40px; padding: 24px; border-radius: 12px; background: #111116; }
.bio p { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
.list ol, .list ul { margin: 0; padding: 0; list-style: none; }
.list li { display: flex; gap: 16px; padding: 10px 0; border-top: 1px solid #202029; }
.list li:first-child { border-top: 0; }
.time { flex: none; min-width: 4.5em; color: #a7a7b4; font-variant-numeric: tabular-nums; }
.what { display: flex; flex-direction: column; min-width: 0; }
.primary { overflow-wrap: anywhere; }
.primary a { color: #f3f3f6; text-decoration: none; }
.primary a:hover { color: #c6ff3a; text-decoration: underline; }
.secondary { color: #a7a7b4; font-size: 0.9rem; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 6px; border-radius: 4px; background: #202029; color: #c6ff3a;
  font-size: 0.75rem; font-weight: 700; vertical-align: middle; }
.foot { padding: 24px; border-top: 1px solid #202029; color: #a7a7b4; font-size: 0.875rem; text-align: center; }
@media (max-width: 640px) {
  .page { padding: 20px 16px 32px; }
  .hero { flex-direction: column; gap: 20px; }
  .art { width: 100%; height: auto; aspect-ratio: 1; max-width: 358px; }
  h1 { font-size: 1.75rem; }
  .bio, .list { margin-top: 28px; padding: 16px; }
  .cta { display: block; text-align: center; }
}
`;
