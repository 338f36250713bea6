import { fileURLToPath } from 'node:url';

// The database settings the server's own open (client.ts) and a first start's preparing thread
// (prepare-worker.js, which loads no TypeScript) share. This module imports nothing else, so the
// server's entry can start that thread before it loads the schema.

/**
 * Settings every database session of the app has. The trigram threshold for word similarity
 * (the <% operator) is low enough that one typo still matches ('samsng' finds Samsung) and high
 * enough that a short word does not match every word it starts like. JIT compilation is off: the
 * app's queries are short, and compiling a large catalog's plans took longer than running them
 * (18 ms of a search's 50 at a million products). Parallel workers are off: many shoppers are
 * served at once, and starting workers cost more than they saved (a million-product search's p90
 * went from 70 ms to 46 ms without them, and a plan's unused parallel branch still started its
 * workers).
 */
export const SESSION_SETTINGS = {
  'pg_trgm.word_similarity_threshold': '0.5',
  jit: 'off',
  max_parallel_workers_per_gather: '0',
} as const;

/**
 * Settings of the embedded database's one session on top of SESSION_SETTINGS. Its pages are read
 * from memory, so reading one out of order costs about what reading the next one does; at the
 * default cost (4, for disks) the planner read every row of the 2,000 suggested products to find a
 * word's few matches (ILIKE runs about 5 µs a row in WebAssembly) instead of using its trigram index.
 */
export const EMBEDDED_SESSION_SETTINGS = { random_page_cost: '1.1' } as const;

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
/** Drizzle's mapping of the schema's camelCase keys to the tables' snake_case columns. */
export const DATABASE_CASING = 'snake_case';
