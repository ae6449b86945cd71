import { SITE_NAME } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import { colors, fonts } from '../app/theme';

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
      <circle cx="16" cy="12.5" r="10" fill={colors.text} />
      <circle
        cx="16"
        cy="12.5"
        r="7.6"
        fill="none"
        stroke={colors.ink}
        strokeOpacity="0.35"
        strokeWidth="0.8"
      />
      <circle
        cx="16"
        cy="12.5"
        r="5.4"
        fill="none"
        stroke={colors.ink}
        strokeOpacity="0.35"
        strokeWidth="0.8"
      />
      <circle cx="16" cy="12.5" r="3" fill={colors.ink} />
      <circle cx="16" cy="12.5" r="0.9" fill={colors.text} />
      <path d="M3 16.5h26v10a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z" fill={colors.acid} />
      <rect x="11" y="20" width="10" height="3.2" rx="1.6" fill={colors.ink} />
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
