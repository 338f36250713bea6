import pino, { type Logger } from 'pino';

/** Structured JSON logs on stdout, one object per line. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'marketplace' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
