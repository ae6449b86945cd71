// The design tokens every screen shares: colours, fonts and the corner radius. app/theme.ts builds the
// MUI theme from them; components and features read them directly for what the theme does not cover.
//
// Cratedig is a late-night product: near-black surfaces that step up subtly with elevation, and one
// vivid accent, acid green (a nod to acid house), used for what is actionable or current. Body text
// on the background reaches ~17:1 and secondary text ~8:1 contrast (WCAG AAA / AA).
export const colors = {
  ink: '#09090c',
  surface1: '#111116',
  surface2: '#18181f',
  surface3: '#202029',
  line: 'rgba(255, 255, 255, 0.09)',
  acid: '#c6ff3a',
  acidDeep: '#9fd61c',
  text: '#f3f3f6',
  textMuted: '#a7a7b4',
  danger: '#ff5c7a',
} as const;

export const fonts = {
  body: '"Inter Variable", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  display: '"Space Grotesk Variable", "Space Grotesk", "Inter Variable", system-ui, sans-serif',
} as const;

/** Corner radii in px: controls, cards, and the artwork inside a card (the record-sleeve look). */
export const radii = {
  control: 10,
  card: 16,
  artwork: 12,
  table: 14,
} as const;
