import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '../components/logo';
import { colors } from '../lib/design-tokens';
import { useDocumentTitle } from '../lib/use-document-title';

export const OFFLINE_TITLE = "You're offline";
export const OFFLINE_TEXT =
  'Cratedig needs a connection to load your sets. It reconnects by itself as soon as the network is back.';

/**
 * The app frame opened with no network (the service worker served the shell): the session cannot be
 * checked, so instead of the login page or the browser's error page the listener sees where they are
 * and that it will recover. The gate tries again by itself (auth-context.tsx).
 */
export function OfflineScreen() {
  useDocumentTitle(OFFLINE_TITLE);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{
          height: 64,
          display: 'flex',
          alignItems: 'center',
          px: 3,
          borderBottom: `1px solid ${colors.line}`,
        }}
      >
        <Logo size="sm" />
      </Box>
      <Box
        component="main"
        id="main-content"
        sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', px: 3, py: 8 }}
      >
        <Box role="status" sx={{ maxWidth: 460 }}>
          <CloudOffOutlined aria-hidden sx={{ fontSize: 56, color: colors.textMuted }} />
          <Typography variant="h3" component="h1" sx={{ mt: 2 }}>
            {OFFLINE_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {OFFLINE_TEXT}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
