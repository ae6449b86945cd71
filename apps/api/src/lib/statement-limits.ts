// Time limits on the SQL of each request, chosen by the kind of call: every statement a request runs
// on PostgreSQL has a statement_timeout and a lock_timeout, so no request can hold a connection (or
// a lock other requests wait on) for long. The request's limits travel with its async context; the
// database client (db/client.ts) applies them to the connection each statement runs on. Jobs and
// operator commands run outside any request and keep the server's defaults.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { StatementLimits } from '../config';

const current = new AsyncLocalStorage<StatementLimits>();

/** Runs `fn` (and everything it starts) under `limits`. */
export function runWithStatementLimits<T>(limits: StatementLimits, fn: () => T): T {
  return current.run(limits, fn);
}

/**
 * Runs `fn` (and everything it starts) as if outside any request, under the server's defaults: for
 * work a request only sets off, such as loading the search index, which must not inherit its limits.
 */
export function outsideAnyRequest<T>(fn: () => T): T {
  return current.exit(fn);
}

/** The limits of the request this code runs for, or undefined outside a request. */
export function currentStatementLimits(): StatementLimits | undefined {
  return current.getStore();
}

/**
 * The SQL that puts a connection under `limits` (whole numbers only: nothing from a request). A
 * request's statements also run without JIT compilation: they are bounded (a page, at most the total
 * cap's rows) and take milliseconds, and a plan the planner costs high (a list search's matches
 * collected on an over-estimate) paid 30 ms of compilation, and 450-650 ms once past the optimising
 * threshold, for a statement of 13-50 ms (docs/decisions/0020-bounded-requests.md).
 */
export function statementLimitsSql(limits: StatementLimits | undefined): string {
  if (!limits) return 'reset statement_timeout; reset lock_timeout; reset jit';
  const ms = (value: number) => String(Math.max(0, Math.trunc(value)));
  return `set statement_timeout = ${ms(limits.statementTimeoutMs)}; set lock_timeout = ${ms(limits.lockTimeoutMs)}; set jit = off`;
}

/** A short key of the limits, to skip setting a connection that already has them. */
export function statementLimitsKey(limits: StatementLimits | undefined): string {
  return limits ? `${limits.statementTimeoutMs}/${limits.lockTimeoutMs}` : '';
}
