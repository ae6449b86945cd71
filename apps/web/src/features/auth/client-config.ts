import type { ClientConfig } from '@cratedig/contract/accounts';
import { accountsClient } from '../../api/accounts-client';
import type { Api } from '../../api/transport';

// One fetch per page load: the settings only change with a server restart.
const cache = new WeakMap<Api, Promise<ClientConfig>>();

/** GET /api/client-config (open): identity-provider settings and the reset mail's sender. */
export function getClientConfig(api: Api): Promise<ClientConfig> {
  let pending = cache.get(api);
  if (!pending) {
    pending = accountsClient(api.transport).accounts.clientConfig();
    // A failed fetch is not cached, so the next click tries again.
    pending.catch(() => cache.delete(api));
    cache.set(api, pending);
  }
  return pending;
}
