// What a database error means for whoever meets it: the database is away (down, restarting, a
// pooler that cannot reach it), which the HTTP layer answers 503 and the job engine waits out.

// Connection-level failures of the database (node-postgres errors and PostgreSQL's class 08 and 57P0x
// codes): the database is down or restarting, which is a 503, not a bug.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection closed',
];

/** The error and its causes (drizzle wraps the driver's error as `cause`). */
export function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of errorChain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}
