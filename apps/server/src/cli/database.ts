import type { DatabaseOptions } from '@marketplace/db';
import { type Config, parseConfig } from '../env.ts';

/** Reads the same configuration as the server, or exits with its one-line error. */
export function loadConfig(): Config {
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(parsed.error);
    process.exit(1);
  }
  return parsed.config;
}

export function databaseOptions(config: Config, onPoolError?: (error: Error) => void): DatabaseOptions {
  return config.database.kind === 'postgres'
    ? {
        kind: 'postgres',
        url: config.database.url,
        ...(config.database.migrationUrl ? { migrationUrl: config.database.migrationUrl } : {}),
        poolSize: config.database.poolSize,
        ...(onPoolError ? { onPoolError } : {}),
      }
    : { kind: 'pglite', dataDir: config.database.dataDir };
}
