// GET /api/site: the contact address the terms and the privacy policy name. Open to visitors; it
// changes only with a server restart, so it is fetched once a page load.
import { useQuery } from '@tanstack/react-query';
import { accountsClient } from '../../api/accounts-client';
import { useApi } from '../../api/api-context';

export function useSiteInfo() {
  const { transport } = useApi();
  return useQuery({
    queryKey: ['site'],
    queryFn: () => accountsClient(transport).site.info(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
