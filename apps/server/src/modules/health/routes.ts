import { createRoute, z } from '@hono/zod-openapi';
import type { DatabaseHandle } from '@marketplace/db';
import { createRouter } from '../../http/router.ts';

const Health = z
  .object({ status: z.enum(['ok', 'unavailable']), database: z.string().optional() })
  .openapi('Health');

const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Operations'],
  summary: 'The process is up',
  responses: { 200: { content: { 'application/json': { schema: Health } }, description: 'Up' } },
});

const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['Operations'],
  summary: 'The process can serve: the database answers',
  responses: {
    200: { content: { 'application/json': { schema: Health } }, description: 'Ready' },
    503: {
      content: { 'application/json': { schema: Health } },
      description: 'The database cannot be reached',
    },
  },
});

const READY_TIMEOUT_MS = 2_000;

export function healthRoutes(database: DatabaseHandle) {
  return createRouter()
    .openapi(healthz, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(readyz, async (c) => {
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('ping timed out')), READY_TIMEOUT_MS).unref(),
          ),
        ]);
        return c.json({ status: 'ok' as const, database: database.kind }, 200);
      } catch (error) {
        c.get('logger').warn({ err: error }, 'readiness check failed');
        return c.json({ status: 'unavailable' as const, database: database.kind }, 503);
      }
    });
}
