/**
 * The client of the health check and the accounts' calls only (sign-in, tokens, the user): what the
 * first screen needs. It loads that part of the table alone, so the sign-in page stays within its
 * JavaScript budget; everything else goes through client.ts.
 */
import { accountRoutes } from '@cratedig/contract/routes-accounts';
import { type ApiClient, tableClient } from './call-client';
import type { Transport } from './transport';

export type AccountsClient = Pick<ApiClient, keyof typeof accountRoutes>;

/** The accounts' client over `transport` (one per transport, made on first use). */
export function accountsClient(transport: Transport): AccountsClient {
  return tableClient<AccountsClient>(transport, accountRoutes);
}
