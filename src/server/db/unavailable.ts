/**
 * Whether an error means the database could not be reached (down, restarting, failing over, the
 * connection cut), as opposed to a query that was wrong. Such a request is answered 503: the
 * client keeps what it sent and tries again, and a load balancer's health check takes this
 * instance out of rotation until PostgreSQL is back. drizzle wraps the driver's error as `cause`.
 */

/** SQLSTATE classes and codes of "no database right now": connection exceptions (08), shutdown and restart (57P0x). */
const UNAVAILABLE_STATES = /^(08...|57P0[1-4]|53300)$/;
/** Node's socket errors on connect or mid-query. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's own words when a connection is gone or could not be had in time (they carry no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];

/**
 * `wrapped`: the error is the cause of a database error (drizzle's). A socket error on its own is
 * the database's only when it came from connecting (a client that hangs up mid-upload is not).
 */
function unavailableItself(error: unknown, wrapped: boolean): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, syscall } = error as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_STATES.test(code)) return true;
  if (typeof code === 'string' && NETWORK_CODES.has(code) && (wrapped || syscall === 'connect' || syscall === 'getaddrinfo')) return true;
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * The driver's error that says the database is away, or null. Its message is the driver's own
 * (never the failed query with its parameters, which drizzle's wrapper carries), so it may be logged.
 */
export function unavailableCause(error: unknown): Error | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (unavailableItself(e, depth > 0)) return e as Error;
  }
  return null;
}

/** The two levels logFailure writes at (Fastify's logger has them). */
interface FailureLog {
  warn(message: string): void;
  error(fields: { err: unknown }, message: string): void;
}

/**
 * One place for how a failure is logged: the database away is one warning in the driver's own
 * words (no stack, and never the failed query with its parameters); anything else is an error
 * through the log's serialiser (http/logging.ts).
 */
export function logFailure(log: FailureLog, what: string, error: unknown): void {
  const away = unavailableCause(error);
  if (away) log.warn(`${what}: the database is away or busy (${away.message})`);
  else log.error({ err: error }, what);
}
