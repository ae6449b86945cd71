import { SITE_NAME } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import { colors, fonts } from '../lib/design-tokens';

// The mark: a record being pulled out of a crate, which is what "crate digging" means.
export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      {/* Two sleeves standing in the crate, and the record being pulled out, off-centre. */}
      <rect
        x="4.5"
        y="7"
        width="10"
        height="14"
        rx="1.5"
        fill={colors.textMuted}
        transform="rotate(-10 9.5 14)"
      />
      <rect
        x="8"
        y="5.5"
        width="10"
        height="14"
        rx="1.5"
        fill={colors.surface3}
        stroke={colors.textMuted}
        strokeWidth="1"
      />
      <circle cx="20.5" cy="10.5" r="8.5" fill={colors.text} />
      <circle
        cx="20.5"
        cy="10.5"
        r="6.2"
        fill="none"
        stroke={colors.ink}
        strokeOpacity="0.3"
        strokeWidth="0.7"
      />
      <circle cx="20.5" cy="10.5" r="2.8" fill={colors.acid} />
      <circle cx="20.5" cy="10.5" r="0.8" fill={colors.ink} />
      <path d="M2 17h28l-1.6 10.4A2 2 0 0 1 26.4 29H5.6a2 2 0 0 1-2-1.6z" fill={colors.acid} />
      <rect x="11" y="20.5" width="10" height="3" rx="1.5" fill={colors.ink} />
    </svg>
  );
}

const sizes = {
  sm: { mark: 26, font: '1.15rem' },
  md: { mark: 32, font: '1.4rem' },
  lg: { mark: 44, font: '2rem' },
};

/** Mark plus wordmark; the wordmark is real text so it reads well to screen readers and search. */
export function Logo({ size = 'md', wordmark = true }: { size?: keyof typeof sizes; wordmark?: boolean }) {
  const s = sizes[size];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, lineHeight: 1 }}>
      <LogoMark size={s.mark} title={wordmark ? undefined : SITE_NAME} />
      {wordmark && (
        <Box
          component="span"
          sx={{
            fontFamily: fonts.display,
            fontWeight: 700,
            fontSize: s.font,
            letterSpacing: '-0.04em',
            color: 'text.primary',
          }}
        >
          Crate
          <Box component="span" sx={{ color: 'primary.main' }}>
            dig
          </Box>
        </Box>
      )}
    </Box>
  );
}
