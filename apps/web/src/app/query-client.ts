import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The transport owns retries (docs/web-app.md: 401 backoff, 429 waits); a second retry layer here
        // would multiply requests.
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

let appClient: QueryClient | undefined;

/** The app's one query client, created on first use (inside the signed-in frame) and kept for the page's life. */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}
