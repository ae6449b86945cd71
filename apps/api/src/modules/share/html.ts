// The share page (docs/catalogue.md Sharing): a readable page for a person without an
// account (artwork, who, where and when, key facts, the track list) with a 'Sign in to listen' link
// to the app route, and the Open Graph / Twitter card tags link unfurlers read. No script at all and
// no inline style: the look comes from /public/preview.css. Every value placed in the page goes
// through escapeHtml (catalogue names are imported text: '<script>' must stay text).

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

export interface PageLine {
  /** "1:02:13" into the set, for a track list */
  time?: string;
  primary: string;
  secondary: string | null;
  isId?: boolean;
  /** absolute URL of the item's own share page */
  href?: string;
}

export interface PreviewPage {
  /** <title>, og:title */
  title: string;
  description: string;
  /** Absolute. */
  image: string;
  /** Absolute URL of this page. */
  url: string;
  /** Absolute URL of the app route; a visitor signs in there and comes back to it. */
  appUrl: string;
  homeUrl: string;
  stylesheetUrl: string;
  /** og:type */
  type: 'music.playlist' | 'music.song' | 'profile' | 'website';
  siteName: string;
  kindLabel: string;
  heading: string;
  byline: string | null;
  facts: { label: string; value: string }[];
  bio: string | null;
  list: { heading: string; numbered: boolean; lines: PageLine[] } | null;
}

function line(entry: PageLine): string {
  const e = escapeHtml;
  const name = entry.href ? `<a href="${e(entry.href)}">${e(entry.primary)}</a>` : e(entry.primary);
  return `<li>${entry.time ? `<span class="time">${e(entry.time)}</span>` : ''}<span class="what"><span class="primary">${name}${
    // an unreleased track's title is often just 'ID': the badge would only repeat it
    entry.isId && entry.primary !== 'ID' ? ' <span class="badge">ID</span>' : ''
  }</span>${entry.secondary ? `<span class="secondary">${e(entry.secondary)}</span>` : ''}</span></li>`;
}

export function renderPreview(page: PreviewPage): string {
  const e = escapeHtml;
  const meta = (attr: 'property' | 'name', key: string, content: string) =>
    `<meta ${attr}="${e(key)}" content="${e(content)}">`;
  const facts = page.facts
    .map((fact) => `<div><dt>${e(fact.label)}</dt><dd>${e(fact.value)}</dd></div>`)
    .join('');
  const list = page.list
    ? `<section class="list" aria-labelledby="list-heading"><h2 id="list-heading">${e(page.list.heading)}</h2>
<${page.list.numbered ? 'ol' : 'ul'}>${page.list.lines.map(line).join('\n')}</${page.list.numbered ? 'ol' : 'ul'}>
</section>`
    : '';
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
<link rel="canonical" href="${e(page.url)}">
<link rel="stylesheet" href="${e(page.stylesheetUrl)}">
</head>
<body>
<header class="top"><a class="brand" href="${e(page.homeUrl)}">${e(page.siteName)}</a></header>
<main class="page">
<section class="hero">
<img class="art" src="${e(page.image)}" alt="" width="300" height="300">
<div class="head">
<p class="kind">${e(page.kindLabel)}</p>
<h1>${e(page.heading)}</h1>
${page.byline ? `<p class="byline">${e(page.byline)}</p>` : ''}
${facts ? `<dl class="facts">${facts}</dl>` : ''}
<p class="actions"><a class="cta" href="${e(page.appUrl)}">Sign in to listen</a></p>
<p class="note">You come back here after signing in. New to ${e(page.siteName)}? You can create an account there.</p>
</div>
</section>
${page.bio ? `<section class="bio"><h2>About</h2><p>${e(page.bio)}</p></section>` : ''}
${list}
</main>
<footer class="foot"><a href="${e(page.homeUrl)}">${e(page.siteName)}</a> · electronic DJ sets with their track lists</footer>
</body>
</html>
`;
}

export function renderNotFound(homeUrl: string, siteName: string, stylesheetUrl: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · ${e(siteName)}</title>
<meta name="robots" content="noindex">
<link rel="stylesheet" href="${e(stylesheetUrl)}">
</head>
<body>
<main class="page">
<h1>Not found</h1>
<p>This link points at nothing on ${e(siteName)} any more.</p>
<p class="actions"><a class="cta" href="${e(homeUrl)}">Go to ${e(siteName)}</a></p>
</main>
</body>
</html>
`;
}
