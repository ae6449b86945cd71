import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { SetActionsProvider } from '../components/set-actions';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { HomeOnboarding } from '../features/onboarding/home-onboarding';
import { renderSetQuickActions } from '../features/sets/set-quick-actions';
import { useRouteFocus } from '../lib/use-route-focus';
import { AppFooter } from './app-footer';
import { OfflineNotice } from './offline-notice';
import { PLAYER_HEIGHT_VAR, PlayerSlot } from './player-slot';
import { SessionProviders } from './session-providers';
import { TOP_BAR_HEIGHT, TopBar } from './top-bar';

/** docs/web-app.md signed-in frame: fixed top bar, the page, the footer, and the fixed bottom player. */
export function SignedInLayout() {
  return (
    <SessionProviders>
      <SignedInFrame />
    </SessionProviders>
  );
}

function SignedInFrame() {
  useRouteFocus(MAIN_CONTENT_ID);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <TopBar />
      {/* Same height as the fixed bar, so nothing starts underneath it. */}
      <Box aria-hidden sx={{ height: TOP_BAR_HEIGHT, flexShrink: 0 }} />
      <OfflineNotice top={TOP_BAR_HEIGHT} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          // The footer starts below the first screen: a page whose content arrives after the frame
          // would otherwise push a visible footer down (a layout shift on every detail page).
          minHeight: '100vh',
          width: '100%',
          maxWidth: 1440,
          mx: 'auto',
          px: { xs: 2, sm: 3, md: 4 },
          pt: { xs: 2, md: 4 },
        }}
      >
        {/* Set cards and rows get Play and Add to queue on every signed-in page. */}
        <SetActionsProvider render={renderSetQuickActions}>
          <Outlet />
        </SetActionsProvider>
      </Box>
      <Box sx={{ pb: `var(${PLAYER_HEIGHT_VAR}, 0px)` }}>
        <AppFooter />
      </Box>
      <PlayerSlot />
      {/* docs/web-app.md Home: the onboarding modal (shows on /home only, for users who have not done it). */}
      <HomeOnboarding />
    </Box>
  );
}
