// ADR-0062: the operator console's view of ONDC (support and owners, the orders area): settings,
// registry listing, the buyer apps' orders and the failed callbacks, which staff can send again.
import { createRoute } from '@hono/zod-openapi';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Executor, ondcCallbacks, ondcOrders, orders } from '@marketplace/db';
import {
  ONDC_CONSOLE_MESSAGES,
  OndcCallbackRetried,
  OndcConsole,
} from '@marketplace/domain/ondc/console-api';
import { apiError } from '../../http/errors.ts';
import { guarded } from '../../http/auth.ts';
import { errorResponse, json, RecordIdParams } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { requireStaff, writeAudit } from '../staff/index.ts';
import type { OndcConfig } from './config.ts';
import type { Registry } from './registry.ts';

const refusals = {
  401: errorResponse('Not logged in'),
  403: errorResponse('Not staff of the orders area, or the second factor not entered'),
};

const consoleRoute = createRoute({
  method: 'get',
  path: '/admin/ondc',
  tags: ['admin'],
  summary:
    'The shop on ONDC: settings, registry listing, the last 50 network orders and the failed callbacks',
  responses: { 200: json(OndcConsole, 'The network view'), ...refusals },
});

const retryRoute = createRoute({
  method: 'post',
  path: '/admin/ondc/callbacks/{id}/retry',
  tags: ['admin'],
  summary: 'Sends a failed callback again from the queue (audited)',
  request: { params: RecordIdParams },
  responses: {
    200: json(OndcCallbackRetried, 'Queued again'),
    ...refusals,
    404: errorResponse('No failed callback with that id'),
  },
});

export function ondcConsoleRoutes(
  db: Executor,
  ondc: { config: OndcConfig; registry: Registry; notify?: () => void } | null,
  options: { now?: () => Date } = {},
) {
  const now = () => options.now?.() ?? new Date();
  const staffOnly = requireStaff(db, { area: 'orders', now });
  return createRouter()
    .openapi(guarded(consoleRoute, staffOnly), async (c) => {
      let registry: OndcConsole['network']['registry'] = 'off';
      if (ondc)
        try {
          const listed = await ondc.registry.lookup(ondc.config.subscriberId, ondc.config.uniqueKeyId);
          registry = listed?.signingPublicKey === ondc.config.keys.signingPublicKey ? 'listed' : 'not-listed';
        } catch {
          registry = 'unreachable';
        }
      const recent = await db
        .select({
          ondcOrderId: ondcOrders.ondcOrderId,
          bapId: ondcOrders.bapId,
          orderNo: orders.orderNo,
          totalPaise: orders.totalPaise,
          createdAt: ondcOrders.createdAt,
        })
        .from(ondcOrders)
        .innerJoin(orders, eq(orders.id, ondcOrders.orderId))
        .orderBy(desc(ondcOrders.id))
        .limit(50);
      const [counts] = await db
        .select({
          pending: sql<number>`count(*) FILTER (WHERE ${ondcCallbacks.status} = 'pending')::int`,
          failed: sql<number>`count(*) FILTER (WHERE ${ondcCallbacks.status} = 'failed')::int`,
        })
        .from(ondcCallbacks);
      const failed = await db
        .select()
        .from(ondcCallbacks)
        .where(eq(ondcCallbacks.status, 'failed'))
        .orderBy(desc(ondcCallbacks.id))
        .limit(50);
      return c.json(
        {
          network: {
            enabled: ondc !== null,
            subscriberId: ondc?.config.subscriberId ?? null,
            uniqueKeyId: ondc?.config.uniqueKeyId ?? null,
            registryUrl: ondc?.config.registryUrl ?? null,
            registry,
          },
          orders: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
          callbacks: {
            pending: Number(counts?.pending ?? 0),
            failed: Number(counts?.failed ?? 0),
            failedList: failed.map((row) => ({
              id: row.id,
              action: row.action,
              bapId: row.bapId,
              attempts: row.attempts,
              lastError: row.lastError,
              createdAt: row.createdAt.toISOString(),
            })),
          },
        },
        200,
      );
    })
    .openapi(guarded(retryRoute, staffOnly), async (c) => {
      const { id } = c.req.valid('param');
      const member = c.get('staff');
      const at = now();
      const retried = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(ondcCallbacks)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: at })
          .where(and(eq(ondcCallbacks.id, id), eq(ondcCallbacks.status, 'failed')))
          .returning({ id: ondcCallbacks.id, action: ondcCallbacks.action });
        if (!row) return null;
        await writeAudit(
          tx,
          { staffId: member.id, email: member.email },
          {
            action: 'ondc.callback-retry',
            targetType: 'ondc_callback',
            targetId: row.id,
            before: { status: 'failed' },
            after: { status: 'pending', action: row.action },
          },
          at,
        );
        return row;
      });
      if (!retried) return apiError(c, 'NOT_FOUND', ONDC_CONSOLE_MESSAGES.notFailed);
      ondc?.notify?.();
      return c.json({ id: retried.id, status: 'pending' as const, sendsNow: ondc !== null }, 200);
    });
}
