// What the accounts rules need beyond the database and settings: the key that signs our access tokens
// and the mailer that sends password-reset mail. Still the shared ServiceContext shape, extended.
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../lib/mailer';
import type { SessionRevocations } from '../../lib/session-revocations';
import type { AccessTokenKey } from '../../lib/tokens';
import { type ServiceContext, serviceContext } from '../../plugins/service-context';

export interface AccountsContext extends ServiceContext {
  accessTokens: AccessTokenKey;
  mailer: Mailer;
  /** This process's view of revoked sessions, told at once of the revocations made here. */
  sessions: SessionRevocations;
}

export function accountsContext(app: FastifyInstance, mailer: Mailer): AccountsContext {
  return { ...serviceContext(app), accessTokens: app.accessTokens, mailer, sessions: app.sessions };
}
