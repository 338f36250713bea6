// The browser's zod: vite.config.ts resolves `zod` here for the client build only. zod is told not
// to compile parsers with eval before any schema is built: an object schema probes eval when it is
// built, and the pages' Content-Security-Policy forbids eval (ADR-0018), so each page that built one
// reported a violation (requirements#payment-page-scripts). The server keeps the compiled parsers.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default, z } from 'zod/v4';
