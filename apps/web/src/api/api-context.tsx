// The one way React code reaches the API: useApi() returns the transport, token manager, auth events
// and recovery helper that the app (or a test) put into <ApiProvider>. Query options take the transport
// as their first argument, so a fetcher never reaches for a module-level instance.
import { createContext, type ReactNode, useContext } from 'react';
import type { Api } from './transport';

const ApiContext = createContext<Api | null>(null);

export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi must be used inside <ApiProvider>');
  return api;
}
