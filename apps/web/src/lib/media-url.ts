// docs/catalogue.md Images: a relative path is prefixed with the site address; nothing at all, or an image
// that fails to load, shows the default artwork.

export const DEFAULT_ARTWORK = '/default-artwork.svg';

/** The site address the app is served from (same origin as the API: README.md "Map"). */
export function siteAddress(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** `/media/x.jpg` → `https://site/media/x.jpg`; absolute URLs pass through; null → default artwork. */
export function resolveMediaUrl(path: string | null | undefined, site: string = siteAddress()): string {
  if (!path) return site + DEFAULT_ARTWORK;
  if (/^https?:\/\//i.test(path)) return path;
  return site + (path.startsWith('/') ? path : `/${path}`);
}
