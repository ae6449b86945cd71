import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { AppPlayerProvider, type PlayerStore } from '../features/player';
import { appQueryClient } from './query-client';

// Server data (the query cache) and the player belong to a signed-in session: only the signed-in
// frame renders them, so a visitor's first screen (/login) never downloads TanStack Query or the
// player. Both live for the page's life (module singletons), so leaving and re-entering the frame
// keeps the audio and the cache; a logout clears the cache.

const Provided = createContext(false);

/**
 * The query client and the player for everything inside. Nested inside another SessionProviders
 * (tests provide their own client and player around the app) it adds nothing.
 */
export function SessionProviders({
  children,
  queryClient,
  player,
}: {
  children: ReactNode;
  /** Default: the app's one client (appQueryClient). */
  queryClient?: QueryClient;
  /** Default: the app's one player, on its own <audio> element. */
  player?: PlayerStore;
}) {
  if (useContext(Provided)) return children;
  return (
    <Provided.Provider value={true}>
      <SessionCache client={queryClient ?? appQueryClient()}>
        <AppPlayerProvider store={player}>{children}</AppPlayerProvider>
      </SessionCache>
    </Provided.Provider>
  );
}

function SessionCache({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { onLogout } = useAuth();
  // Another person may sign in next on this browser: a logout drops everything fetched for this one.
  useEffect(() => onLogout(() => client.clear()), [client, onLogout]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
