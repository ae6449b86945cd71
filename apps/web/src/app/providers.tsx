import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiProvider } from '../api/api-context';
import { type Api, createApi } from '../api/transport';
import { AuthProvider, type LoadSession } from '../features/auth/auth-context';
import { AppPlayerProvider } from '../features/player/player-context';
import type { PlayerStore } from '../features/player/player-store';
import { UpdatePrompt } from './pwa/update-prompt';
import { createQueryClient } from './query-client';
import { theme } from './theme';
import { ToastProvider } from './toast-provider';

/** Everything around the router. Tests render the same tree, choosing the session with loadSession. */
export function AppProviders({
  children,
  loadSession,
  queryClient,
  api,
  player,
}: {
  children: ReactNode;
  loadSession?: LoadSession;
  queryClient?: QueryClient;
  /** The transport and token manager; tests pass one built on their own fetch. */
  api?: Api;
  /** The player; default the app's one (tests pass a store on a fake audio element). */
  player?: PlayerStore;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [theApi] = useState(() => api ?? createApi());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <ApiProvider api={theApi}>
        <QueryClientProvider client={client}>
          <AuthProvider loadSession={loadSession}>
            <ToastProvider>
              <AppPlayerProvider store={player}>{children}</AppPlayerProvider>
              <UpdatePrompt />
            </ToastProvider>
          </AuthProvider>
        </QueryClientProvider>
      </ApiProvider>
    </ThemeProvider>
  );
}
