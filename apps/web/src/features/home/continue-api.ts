// GET /plays/continue: the sets the user left part-way, most recent first (Home's first row).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import type { Transport } from '../../api/transport';

/** A row holds a screenful or two of cards, like the featured rows. */
const CONTINUE_LIMIT = 12;

export function continueListeningQueryOptions(transport: Transport) {
  return queryOptions({
    queryKey: ['moments', 'continue'] as const,
    queryFn: ({ signal }) =>
      apiClient(transport).plays.continue({
        query: { limit: CONTINUE_LIMIT, offset: 0 },
        signal,
      }),
    // Positions move while the user listens: coming back to Home asks again.
    staleTime: 0,
  });
}

export function useContinueListening() {
  const { transport } = useApi();
  return useQuery(continueListeningQueryOptions(transport));
}
