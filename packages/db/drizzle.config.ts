import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; they run on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema/index.ts',
  out: './packages/db/migrations',
  casing: 'snake_case',
});
