import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { NotificationBell } from '../features/notifications';
import { SearchBox } from '../features/search/search-box';
import { colors } from '../lib/design-tokens';
import { AccountMenu } from './account-menu';
import { isInSection, NAV_LINKS } from './site-links';

/** The bar's height: one row from md up, two below it (the discover links get a row of their own). */
export const TOP_BAR_HEIGHT = { xs: 64 + 44, md: 64 } as const;

/**
 * Below md the discover links have no room beside the search box; they get the bar's second row, one
 * tab each, always in sight (the bottom of the screen is the player's). The account menu keeps them too.
 */
function PhoneNav({ pathname }: { pathname: string }) {
  return (
    <Box
      component="nav"
      aria-label="Discover"
      data-phone-nav=""
      sx={{ display: { xs: 'flex', md: 'none' }, height: 44, borderTop: `1px solid ${colors.line}` }}
    >
      {NAV_LINKS.map((link) => {
        const current = isInSection(pathname, link.to);
        return (
          <Button
            key={link.to}
            component={RouterLink}
            to={link.to}
            aria-current={current ? 'page' : undefined}
            sx={{
              flex: 1,
              minWidth: 0,
              borderRadius: 0,
              color: current ? colors.acid : 'text.secondary',
              boxShadow: current ? `inset 0 -2px 0 ${colors.acid}` : 'none',
              '&:hover': { color: 'text.primary', bgcolor: 'rgba(255,255,255,0.06)' },
            }}
          >
            {link.label}
          </Button>
        );
      })}
    </Box>
  );
}

/** docs/web-app.md top bar (signed-in only, fixed). Below md the discover links are its second row. */
export function TopBar() {
  const { pathname } = useLocation();
  return (
    <AppBar position="fixed">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64 }, px: { xs: 1.5, sm: 3 } }}>
        <Box
          component={RouterLink}
          to="/home"
          aria-label="Cratedig home"
          sx={{
            display: 'inline-flex',
            textDecoration: 'none',
            borderRadius: 1,
            flexShrink: 0,
            mr: { md: 1 },
          }}
        >
          <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            <Logo size="sm" />
          </Box>
          <Box sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
            <Logo size="sm" wordmark={false} />
          </Box>
        </Box>
        <Box component="nav" aria-label="Discover" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          {NAV_LINKS.map((link) => {
            const current = isInSection(pathname, link.to);
            return (
              <Button
                key={link.to}
                component={RouterLink}
                to={link.to}
                aria-current={current ? 'page' : undefined}
                sx={{
                  px: 2,
                  color: current ? colors.acid : 'text.secondary',
                  bgcolor: current ? 'rgba(198,255,58,0.1)' : 'transparent',
                  '&:hover': { color: 'text.primary', bgcolor: 'rgba(255,255,255,0.06)' },
                }}
              >
                {link.label}
              </Button>
            );
          })}
        </Box>
        <Box sx={{ flex: 1, display: 'flex', justifyContent: 'flex-end', minWidth: 0 }}>
          <SearchBox />
        </Box>
        <NotificationBell />
        <AccountMenu />
      </Toolbar>
      <PhoneNav pathname={pathname} />
    </AppBar>
  );
}
