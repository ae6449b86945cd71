// The share preview page (spec §7 Sharing, domain.md Catalogue): Open Graph and Twitter card tags for
// link unfurlers, and a redirect that sends a person on to the app route. Every value placed in the
// page goes through escapeHtml (catalogue names are imported text: '<script>' must stay text).

import { createHash } from 'node:crypto';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * The redirect is the same script on every page (it reads the canonical link), so the page's
 * Content-Security-Policy allows exactly it by its hash rather than any inline script.
 */
const REDIRECT_SCRIPT = "location.replace(document.querySelector('link[rel=canonical]').href);";

/** The share pages' policy: no other script, nothing loaded, never framed. */
export const PREVIEW_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(REDIRECT_SCRIPT).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface PreviewPage {
  title: string;
  description: string;
  /** Absolute. */
  image: string;
  /** Absolute URL of this preview. */
  url: string;
  /** Absolute URL of the app route a person is sent on to. */
  appUrl: string;
  /** og:type */
  type: 'music.playlist' | 'music.song' | 'profile' | 'website';
  siteName: string;
}

export function renderPreview(page: PreviewPage): string {
  const e = escapeHtml;
  const meta = (attr: 'property' | 'name', key: string, content: string) =>
    `<meta ${attr}="${e(key)}" content="${e(content)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(page.title)}</title>
${meta('name', 'description', page.description)}
${meta('property', 'og:site_name', page.siteName)}
${meta('property', 'og:title', page.title)}
${meta('property', 'og:description', page.description)}
${meta('property', 'og:image', page.image)}
${meta('property', 'og:url', page.url)}
${meta('property', 'og:type', page.type)}
${meta('name', 'twitter:card', 'summary_large_image')}
${meta('name', 'twitter:title', page.title)}
${meta('name', 'twitter:description', page.description)}
${meta('name', 'twitter:image', page.image)}
<link rel="canonical" href="${e(page.appUrl)}">
<meta http-equiv="refresh" content="0; url=${e(page.appUrl)}">
</head>
<body>
<p><a href="${e(page.appUrl)}">${e(page.title)}</a></p>
<script>${REDIRECT_SCRIPT}</script>
</body>
</html>
`;
}

export function renderNotFound(homeUrl: string, siteName: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Not found · ${e(siteName)}</title>
<meta name="robots" content="noindex">
</head>
<body>
<p>This link points at nothing on ${e(siteName)} any more.</p>
<p><a href="${e(homeUrl)}">Go to ${e(siteName)}</a></p>
</body>
</html>
`;
}
