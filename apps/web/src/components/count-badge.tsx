import { colors } from '../lib/design-tokens';
import { capCount, countLabel } from '../lib/format';

// Plain elements: a card draws one of these, and Home draws seventy cards at once.
const likesStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  color: colors.textMuted,
  fontVariantNumeric: 'tabular-nums',
  fontSize: '0.875rem',
} as const;
const heartStyle = { width: '1em', height: '1em', fill: 'currentColor', flexShrink: 0 } as const;
// Material's FavoriteRounded, drawn in place.
const HEART =
  'M13.35 20.13c-.76.69-1.93.69-2.69-.01l-.11-.1C5.3 15.27 1.87 12.16 2 8.28c.06-1.7.93-3.33 2.34-4.29 2.64-1.8 5.9-.96 7.66 1.1 1.76-2.06 5.02-2.91 7.66-1.1 1.41.96 2.28 2.59 2.34 4.29.14 3.88-3.3 6.99-8.55 11.76z';

/** A likes count with a heart (docs/web-app.md: displayed up to 999, then 999+). */
export function LikesCount({ value, where }: { value: number; where?: string }) {
  const shown = capCount(value);
  return (
    <span
      // An image of a count: the heart and the digits are read as one name ('12 likes').
      role="img"
      aria-label={where ? `${countLabel(value, 'like')} ${where}` : countLabel(value, 'like')}
      style={likesStyle}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={heartStyle}>
        <path d={HEART} />
      </svg>
      <span aria-hidden="true">{shown}</span>
    </span>
  );
}
