// Keeps every cached copy of a proposal (an ID's list, the profile's list) in step with a vote's
// answer or a live event, without refetching the lists.

import type { ListResponse } from '@cratedig/contract/common';
import type { Identification } from '@cratedig/contract/identification';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { identificationKeys } from './track-identifications-api';

type ProposalChange = Pick<Identification, 'id'> & Partial<Identification>;

/** Patches proposal `change.id` wherever it is cached; false when no cached list holds it. */
export function patchCachedProposal(client: QueryClient, change: ProposalChange): boolean {
  let found = false;
  for (const [key, data] of client.getQueriesData<InfiniteData<ListResponse<Identification>>>({
    queryKey: identificationKeys.all,
  })) {
    if (!data?.pages) continue;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.data.some((item) => item.id === change.id)) return page;
      changed = true;
      return {
        ...page,
        data: page.data.map((item) => (item.id === change.id ? { ...item, ...change } : item)),
      };
    });
    if (changed) {
      found = true;
      client.setQueryData(key, { ...data, pages });
    }
  }
  return found;
}
