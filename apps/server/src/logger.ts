import cluster from 'node:cluster';
import pino, { type DestinationStream, type Logger } from 'pino';

/** Structured JSON logs on stdout (or `destination`), one object per line. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    // requirements#web-concurrency: with several server processes, each line names its process
    base: cluster.isWorker ? { service: 'marketplace', pid: process.pid } : { service: 'marketplace' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: errorForLog },
  };
  return destination ? pino(options, destination) : pino(options);
}

// what a database error may say of itself: names of things, never the values a shopper typed
// (the driver's `detail` repeats them: "Key (email)=(…) already exists")
const KEPT_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'routine', 'errno', 'syscall'];

/**
 * An error as the log carries it: type, message, stack, the database's codes and the statement's
 * shape; a failed query's parameters (names, emails, mobiles, addresses) are left out.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  let message = error.message;
  let stack = error.stack ?? '';
  const query = 'query' in error && typeof error.query === 'string' ? error.query : undefined;
  if (query !== undefined && 'params' in error) {
    // Drizzle writes "Failed query: <sql>\nparams: <values>" into the message and so the stack
    message = `Failed query: ${query}`;
    stack = stack.replace(error.message, message);
  }
  const logged: Record<string, unknown> = { type: error.constructor.name, message, stack };
  const own: Record<string, unknown> = { ...error };
  for (const field of KEPT_FIELDS) {
    const value = own[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (query !== undefined) logged.query = query;
  if (error.cause !== undefined && depth < 5) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}
