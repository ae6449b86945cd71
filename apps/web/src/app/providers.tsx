import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Api } from '../api/transport';
import { AuthProvider, type LoadSession } from '../features/auth/auth-context';
import { createQueryClient } from './query-client';
import { theme } from './theme';
import { ToastProvider } from './toast-provider';

/** Everything around the router. Tests render the same tree, choosing the session with loadSession. */
export function AppProviders({
  children,
  loadSession,
  queryClient,
  api,
}: {
  children: ReactNode;
  loadSession?: LoadSession;
  queryClient?: QueryClient;
  /** The transport and token manager; tests pass one built on their own fetch. */
  api?: Api;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={client}>
        <AuthProvider loadSession={loadSession} api={api}>
          <ToastProvider>{children}</ToastProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
