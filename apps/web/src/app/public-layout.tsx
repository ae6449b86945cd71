import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { colors } from '../lib/design-tokens';
import { useRouteFocus } from '../lib/use-route-focus';
import { OfflineNotice } from './offline-notice';
import { PromoPanel } from './promo-panel';
import { FOOTER_LINE, STATIC_LINKS } from './site-links';

/**
 * docs/web-app.md public area: promo panel beside (md+) or above (small screens) the page, then the footer.
 */
export function PublicLayout() {
  useRouteFocus(MAIN_CONTENT_ID);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr',
          md: 'minmax(0, 5fr) minmax(0, 6fr)',
          xl: 'minmax(0, 1fr) minmax(0, 1fr)',
        },
        // Small screens stack promo and page: the page row takes the spare height, not the promo.
        gridTemplateRows: { xs: 'auto 1fr', md: 'auto' },
      }}
    >
      <SkipLink />
      <Box sx={{ position: { md: 'sticky' }, top: 0, alignSelf: 'start' }}>
        <PromoPanel />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: { md: '100vh' } }}>
        <OfflineNotice />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            px: { xs: 3, sm: 6, lg: 10 },
            py: { xs: 5, md: 8 },
          }}
        >
          <Outlet />
        </Box>
        <Box
          component="footer"
          sx={{
            px: { xs: 3, sm: 6, lg: 10 },
            py: 3,
            borderTop: `1px solid ${colors.line}`,
            color: 'text.secondary',
          }}
        >
          <Typography variant="body2">{FOOTER_LINE}</Typography>
          <Box
            component="nav"
            aria-label="Site"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2.5, mt: 1.5 }}
          >
            {STATIC_LINKS.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} variant="body2" color="text.secondary">
                {link.label}
              </Link>
            ))}
            {/* The sign-in page's document is drawn at build time with the build's year: a page
                built in December and opened in January keeps that year until the next page. */}
            <Typography variant="body2" component="span" sx={{ ml: { sm: 'auto' } }} suppressHydrationWarning>
              © {new Date().getFullYear()} Cratedig
            </Typography>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
