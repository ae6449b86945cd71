// docs/web-app.md footer: the static pages, and Cratedig on a photo-sharing site and an audio site.
export const STATIC_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/policy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Use' },
] as const;

export const SOCIAL_LINKS = {
  instagram: 'https://www.instagram.com/cratedig',
  soundcloud: 'https://soundcloud.com/cratedig',
} as const;

// docs/web-app.md footer text
export const FOOTER_LINE =
  'Cratedig democratizes access to electronic music producers and lets new talent be discovered.';

// docs/web-app.md top bar: the four discover lists
export const NAV_LINKS = [
  { to: '/sets', label: 'Sets' },
  { to: '/tracks', label: 'Tracks' },
  { to: '/artists', label: 'Artists' },
  { to: '/labels', label: 'Labels' },
] as const;

/** True when pathname is the section or one of its detail pages (/sets, /sets/12), not /setsx. */
export function isInSection(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}
