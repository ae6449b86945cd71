/**
 * The client of the whole API (call-client.ts explains the calls): `apiClient(transport).artists.detail(…)`.
 * The sign-in page uses accounts-client.ts instead, which loads only the accounts' part of the table.
 */
import { routes } from '@cratedig/contract/routes';
import { type ApiClient, tableClient } from './call-client';
import type { Transport } from './transport';

export type { ApiClient, CallArgs, ClientCall } from './call-client';

/** The client over `transport` (one per transport, made on first use). */
export function apiClient(transport: Transport): ApiClient {
  return tableClient<ApiClient>(transport, routes);
}
