import { BREAKPOINTS } from '@cratedig/contract/constants';
import { alpha, createTheme } from '@mui/material/styles';
import { colors, fonts, radii } from '../lib/design-tokens';

// The MUI theme, built from the shared design tokens (lib/design-tokens.ts).

const focusRing = {
  outline: `2px solid ${colors.acid}`,
  outlineOffset: 2,
} as const;

export const theme = createTheme({
  // docs/web-app.md screen breakpoints
  breakpoints: { values: { ...BREAKPOINTS } },
  palette: {
    mode: 'dark',
    primary: { main: colors.acid, dark: colors.acidDeep, contrastText: colors.ink },
    secondary: { main: colors.text, contrastText: colors.ink },
    error: { main: colors.danger },
    background: { default: colors.ink, paper: colors.surface1 },
    text: { primary: colors.text, secondary: colors.textMuted },
    divider: colors.line,
  },
  shape: { borderRadius: radii.control },
  typography: {
    fontFamily: fonts.body,
    h1: {
      fontFamily: fonts.display,
      fontWeight: 700,
      letterSpacing: '-0.03em',
      fontSize: '3.25rem',
      lineHeight: 1.05,
    },
    h2: {
      fontFamily: fonts.display,
      fontWeight: 700,
      letterSpacing: '-0.025em',
      fontSize: '2.5rem',
      lineHeight: 1.1,
    },
    h3: {
      fontFamily: fonts.display,
      fontWeight: 700,
      letterSpacing: '-0.02em',
      fontSize: '2rem',
      lineHeight: 1.15,
    },
    h4: { fontFamily: fonts.display, fontWeight: 600, letterSpacing: '-0.015em', fontSize: '1.5rem' },
    h5: { fontFamily: fonts.display, fontWeight: 600, fontSize: '1.25rem' },
    h6: { fontFamily: fonts.display, fontWeight: 600, fontSize: '1.05rem' },
    overline: { fontWeight: 600, letterSpacing: '0.16em' },
    button: { fontWeight: 600, textTransform: 'none', letterSpacing: '0.01em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        'html, body': { backgroundColor: colors.ink },
        body: {
          WebkitFontSmoothing: 'antialiased',
          MozOsxFontSmoothing: 'grayscale',
          // Listeners write what they like (an About of one 3,000-letter word, a name pasted from an
          // import): a word wider than its box breaks there instead of widening the page. 'anywhere'
          // (not 'break-word') also lets a flex or grid item shrink below such a word.
          overflowWrap: 'anywhere',
        },
        '::selection': { backgroundColor: alpha(colors.acid, 0.35), color: colors.text },
        // Keyboard users must always see where they are (spec: every control reachable by keyboard).
        ':focus-visible': focusRing,
        a: { color: colors.acid },
        // A focused or scrolled-to element never sits under the fixed top bar (64 px) or the fixed
        // bottom player (its measured height, player-slot.tsx).
        html: {
          scrollPaddingTop: 80,
          scrollPaddingBottom: 'calc(var(--cd-player-height, 0px) + 16px)',
        },
        '*': {
          scrollMarginTop: 80,
          scrollMarginBottom: 'calc(var(--cd-player-height, 0px) + 16px)',
        },
        // A page heading takes focus after a route change (use-route-focus.ts); the ring is for keyboard users.
        'h1[tabindex="-1"]:focus:not(:focus-visible), main[tabindex="-1"]:focus:not(:focus-visible)': {
          outline: 'none',
        },
        // The skip link (components/skip-link.tsx): off screen until it has focus.
        '.cd-skip-link': {
          position: 'fixed',
          left: 12,
          top: -80,
          zIndex: 2000,
          padding: '10px 16px',
          borderRadius: radii.control,
          fontWeight: 700,
          textDecoration: 'none',
        },
        '.cd-skip-link:focus': { top: 12 },
        // Reduced motion: transitions and animations end at once (the loading rings only slow down).
        '@media (prefers-reduced-motion: reduce)': {
          '*:not([role="progressbar"] *), *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'transparent' },
      styleOverrides: {
        root: {
          backgroundColor: alpha(colors.ink, 0.82),
          backdropFilter: 'saturate(140%) blur(14px)',
          borderBottom: `1px solid ${colors.line}`,
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: 18 },
        contained: { '&.MuiButton-colorPrimary:hover': { backgroundColor: colors.acidDeep } },
        outlined: { borderColor: 'rgba(255,255,255,0.22)', '&:hover': { borderColor: colors.acid } },
      },
    },
    MuiIconButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: radii.card,
          backgroundColor: colors.surface1,
          border: `1px solid ${colors.line}`,
          transition: 'transform 160ms ease, border-color 160ms ease, background-color 160ms ease',
          '&:hover': { borderColor: 'rgba(255,255,255,0.18)', backgroundColor: colors.surface2 },
        },
      },
    },
    MuiCardMedia: {
      // Artwork is square and rounded inside the card: the record-sleeve look.
      styleOverrides: { root: { borderRadius: radii.artwork, aspectRatio: '1 / 1' } },
    },
    MuiPaper: {
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
    MuiMenu: {
      styleOverrides: {
        paper: { backgroundColor: colors.surface2, border: `1px solid ${colors.line}`, minWidth: 200 },
      },
    },
    MuiChip: {
      styleOverrides: {
        root: { borderRadius: 999, fontWeight: 500 },
        outlined: { borderColor: 'rgba(255,255,255,0.2)' },
        clickable: { '&:hover': { borderColor: colors.acid } },
      },
    },
    MuiTabs: {
      styleOverrides: {
        root: { borderBottom: `1px solid ${colors.line}` },
        indicator: { height: 3, borderRadius: 3, backgroundColor: colors.acid },
      },
    },
    MuiTab: {
      styleOverrides: {
        root: {
          textTransform: 'none',
          fontWeight: 600,
          fontSize: '0.95rem',
          '&.Mui-selected': { color: colors.text },
        },
      },
    },
    MuiTableContainer: {
      styleOverrides: { root: { borderRadius: radii.table, border: `1px solid ${colors.line}` } },
    },
    MuiTableCell: {
      styleOverrides: {
        root: { borderBottom: `1px solid ${colors.line}` },
        head: {
          color: colors.textMuted,
          fontSize: '0.75rem',
          fontWeight: 600,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          backgroundColor: colors.surface1,
        },
      },
    },
    MuiTableRow: {
      styleOverrides: {
        root: {
          '&.MuiTableRow-hover:hover': { backgroundColor: colors.surface2 },
          '&.Mui-selected, &.Mui-selected:hover': { backgroundColor: alpha(colors.acid, 0.08) },
        },
      },
    },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: colors.surface3, fontSize: '0.8rem' } },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
    },
  },
});
