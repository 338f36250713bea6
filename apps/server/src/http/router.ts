import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { apiError } from './errors.ts';

/** A router whose schema failures answer 400 with one message per field, in the shared error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.length > 0 ? issue.path.join('.') : '_';
        fields[key] ??= issue.message;
      }
      const first = result.error.issues[0]?.message ?? 'The request is invalid.';
      return apiError(c, 'VALIDATION_FAILED', first, fields);
    },
  });
}
