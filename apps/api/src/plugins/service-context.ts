// What every module's service functions take first: the database and settings, plus the signed-in
// user where the call acts for one. Routes build it from the request; commands and tests build it
// directly.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { requireUser } from './auth';

export interface ServiceContext {
  db: Db;
  config: AppConfig;
}

export interface UserContext extends ServiceContext {
  /** The user in the request's token; a service never trusts a user id from a body or a path. */
  userId: number;
}

export function serviceContext(app: FastifyInstance): ServiceContext {
  return { db: app.db, config: app.config };
}

/** The context of a signed-in call (401 when the request has no user). */
export function userContext(app: FastifyInstance, request: FastifyRequest): UserContext {
  return { db: app.db, config: app.config, userId: requireUser(request).id };
}

/**
 * The context of a signed-in call that only reads the catalogue: its database is the read replica
 * when the replica may answer this caller (plugins/read-your-writes.ts), the primary otherwise.
 */
export function readContext(app: FastifyInstance, request: FastifyRequest): UserContext {
  return { db: app.readDb(request), config: app.config, userId: requireUser(request).id };
}
