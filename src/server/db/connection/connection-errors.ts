/**
 * Errors that mean "the database connection is gone" rather than "this statement is wrong":
 * a server restart or failover (57P01 admin_shutdown / pg_terminate_backend, 57P02, 57P03),
 * a broken connection (class 08), or the socket itself (reset, refused, closed mid-query).
 * The request that met one cannot be answered, but the next one will get a fresh connection,
 * so the API answers 503 with Retry-After instead of a 500 (plugins/errors.ts).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** Class 08: connection exception (08000, 08001, 08003, 08004, 08006, …). */
const CONNECTION_CLASS = /^08/;
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNABORTED', 'ENOTCONN']);
const MESSAGES = [
  /Connection terminated/i,
  /terminating connection/i,
  /server closed the connection/i,
  /connection is closed/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  /timeout exceeded when trying to connect/i,
];

export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SQLSTATES.has(code) || CONNECTION_CLASS.test(code) || SOCKET_CODES.has(code))) return true;
  // AggregateError (a host with several addresses, all refused) carries the causes.
  const inner = (err as { errors?: unknown[] }).errors;
  if (Array.isArray(inner) && inner.some(isConnectionError)) return true;
  return typeof message === 'string' && MESSAGES.some((re) => re.test(message));
}

/** Seconds a client should wait before retrying after a lost connection. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
