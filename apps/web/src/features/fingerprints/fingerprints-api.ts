// GET /tracks/{id}/heard-in and /sets/{id}/heard-tracks: what Cratedig's fingerprints found. While the
// fingerprint job still has sets to read (listening), the answers are asked again every 15 s.
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';

const WHILE_LISTENING_MS = 15_000;

export function useHeardIn(trackId: number) {
  const { transport } = useApi();
  return useQuery({
    queryKey: ['heard-in', trackId] as const,
    queryFn: ({ signal }) =>
      apiClient(transport).fingerprints.heardIn({ params: { id: trackId }, query: { limit: 50 }, signal }),
    refetchInterval: (query) => (query.state.data?.listening ? WHILE_LISTENING_MS : false),
  });
}

export function useSetSuggestions(setId: number) {
  const { transport } = useApi();
  return useQuery({
    queryKey: ['heard-tracks', setId] as const,
    queryFn: ({ signal }) =>
      apiClient(transport).fingerprints.setSuggestions({ params: { id: setId }, signal }),
    refetchInterval: (query) => (query.state.data?.listening ? WHILE_LISTENING_MS : false),
  });
}
