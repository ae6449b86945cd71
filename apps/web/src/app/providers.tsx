import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { type ReactNode, useState } from 'react';
import { ApiProvider } from '../api/api-context';
import { type Api, createApi } from '../api/transport';
import { AuthProvider, type LoadSession } from '../features/auth/auth-context';
import { UpdatePrompt } from './pwa/update-prompt';
import { theme } from './theme';
import { ToastProvider } from './toast-provider';

/**
 * Everything around the router. Tests render the same tree, choosing the session with loadSession.
 * The query cache and the player are the signed-in frame's (session-providers.tsx).
 */
export function AppProviders({
  children,
  loadSession,
  api,
}: {
  children: ReactNode;
  loadSession?: LoadSession;
  /** The transport and token manager; tests pass one built on their own fetch. */
  api?: Api;
}) {
  const [theApi] = useState(() => api ?? createApi());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <ApiProvider api={theApi}>
        <AuthProvider loadSession={loadSession}>
          <ToastProvider>
            {children}
            <UpdatePrompt />
          </ToastProvider>
        </AuthProvider>
      </ApiProvider>
    </ThemeProvider>
  );
}
