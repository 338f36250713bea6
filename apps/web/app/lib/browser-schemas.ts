// Imported for its effect, before the browser parses an answer: zod is told not to try compiling
// parsers with eval, which the pages' Content-Security-Policy forbids (ADR-0018); the attempt was
// caught, but each page reported it as a policy violation.
// Only in the browser: on the server (where account-api.ts runs too) the compiled parsers stay.
import { config } from 'zod';

if (typeof document !== 'undefined') config({ jitless: true });
