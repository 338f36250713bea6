// requirements#courier-shiprocket: Shiprocket's tracking webhook. Shiprocket posts the shipment's
// tracking (awb, current_status_id, current_timestamp, scans[] …) on every new scan, with the
// security token set in its panel in the x-api-key header. The newest scan is mapped onto a
// courier event, kept and answered at once (ADR-0069), then applied by the inbox's worker through
// the same applyCourierEvent as polling, under the same key, so a repeat, a replay or a scan
// polling already saw changes nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Executor } from '@marketplace/db';
import { courierEventKeeper, type CourierTrackingEvent } from '../couriers/index.ts';
import { shiprocketEventKey, shiprocketScan, shiprocketTime } from '../couriers/index.ts';
import { apiError } from '../../http/errors.ts';
import { errorResponse } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';

/** as asked; Shiprocket's panel refuses callback URLs naming it, so it is also served at the second */
export const SHIPROCKET_WEBHOOK_PATHS = ['/webhooks/courier/shiprocket', '/webhooks/courier/scans'] as const;
/** a tracking update is a few kilobytes; anything past this is no webhook of Shiprocket's */
export const SHIPROCKET_WEBHOOK_MAX_BYTES = 64 * 1024;

const Code = z.union([z.number().int().min(0).max(999), z.string().regex(/^\d{1,3}$/)]);
const Scan = z.object({
  date: z.string().max(40),
  'sr-status': z.union([Code, z.string().max(10)]).optional(),
  location: z.string().max(300).nullish(),
  activity: z.string().max(1000).nullish(),
});
const TrackingUpdate = z.object({
  awb: z.union([z.string().regex(/^[A-Za-z0-9-]{1,40}$/), z.number().int().nonnegative()]),
  current_status_id: Code.optional(),
  current_timestamp: z.string().max(40).optional(),
  scans: z.array(Scan).max(500).optional(),
});

const Received = z.object({
  received: z.literal(true),
  /** queued: kept, and applied within moments; or why it changes nothing */
  outcome: z.enum(['queued', 'duplicate', 'no_scan', 'unknown_awb']),
});

const routeAt = (path: string) =>
  createRoute({
    method: 'post',
    path,
    tags: ['Couriers'],
    summary: 'Shiprocket tracking webhook: a shipment’s newest scan moves its tracking',
    description:
      'Set up in Shiprocket’s panel (Settings › API › Webhooks) with this URL (`/api/webhooks/courier/scans`: the panel refuses URLs that name Shiprocket) and SHIPROCKET_WEBHOOK_TOKEN as its security token, sent in `x-api-key`. The newest of `scans[]` (or `current_status_id` at `current_timestamp`) is kept and answered at once, then applied once, in arrival order, moments later; a reverse pickup’s AWB moves the pickup of its return. An AWB booked with another courier, or unknown, answers 202 and changes nothing.',
    request: {
      body: { required: true, content: { 'application/json': { schema: TrackingUpdate } } },
    },
    responses: {
      200: { content: { 'application/json': { schema: Received } }, description: 'Received' },
      202: {
        content: { 'application/json': { schema: Received } },
        description: 'Not one of our Shiprocket shipments: ignored',
      },
      400: errorResponse('Malformed body'),
      401: errorResponse('Missing or wrong x-api-key token'),
      404: errorResponse('The Shiprocket webhook is not configured'),
      413: errorResponse('Body too large'),
    },
  });

const digest = (text: string) => createHash('sha256').update(text).digest();
/** constant time whatever the lengths: the two SHA-256 digests are compared */
export const tokenMatches = (given: string, expected: string) =>
  timingSafeEqual(digest(given), digest(expected));

/** The webhook's newest scan as our courier event; null when it names none of our scans. */
export function shiprocketWebhookEvent(body: z.infer<typeof TrackingUpdate>): CourierTrackingEvent | null {
  const awbNo = String(body.awb);
  const scans = (body.scans ?? []).flatMap((s) => {
    const scan = shiprocketScan(s['sr-status']);
    const at = shiprocketTime(s.date);
    return scan && at ? [{ scan, at, code: String(s['sr-status']), location: s.location ?? null }] : [];
  });
  const newest = scans.reduce<(typeof scans)[number] | null>(
    (best, s) => (!best || s.at.getTime() >= best.at.getTime() ? s : best),
    null,
  );
  if (newest) {
    const location = newest.location && newest.location !== 'NA' ? newest.location : null;
    return {
      awbNo,
      eventKey: shiprocketEventKey(awbNo, newest.code, newest.at),
      scan: newest.scan,
      location,
      occurredAt: newest.at,
    };
  }
  const scan = shiprocketScan(body.current_status_id);
  const at = shiprocketTime(body.current_timestamp);
  if (!scan || !at) return null;
  return {
    awbNo,
    eventKey: shiprocketEventKey(awbNo, String(body.current_status_id), at),
    scan,
    location: null,
    occurredAt: at,
  };
}

export function shiprocketWebhookRoutes(
  db: Executor,
  { token, onQueued }: { token: string | null; onQueued: () => void },
) {
  const router = createRouter();
  // ADR-0069: webhooks arriving together are kept by one statement
  const keep = courierEventKeeper(db);
  for (const path of SHIPROCKET_WEBHOOK_PATHS) {
    router.openapi(routeAt(path), async (c) => {
      const logger = c.get('logger');
      if (!token) return apiError(c, 'NOT_FOUND', 'The Shiprocket webhook is not configured.');
      const given = c.req.header('x-api-key');
      if (given === undefined || !tokenMatches(given, token)) {
        logger.warn(
          { path, hasToken: given !== undefined },
          'courier webhook refused: wrong or missing token',
        );
        return apiError(c, 'UNAUTHENTICATED', 'The webhook token does not match.');
      }
      const raw = await c.req.text();
      if (Buffer.byteLength(raw) > SHIPROCKET_WEBHOOK_MAX_BYTES)
        return apiError(c, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return apiError(c, 'MALFORMED_JSON', 'The request body is not valid JSON.');
      }
      const parsed = TrackingUpdate.safeParse(json);
      if (!parsed.success)
        return apiError(c, 'VALIDATION_FAILED', 'The body is not a Shiprocket tracking update.');
      const event = shiprocketWebhookEvent(parsed.data);
      if (!event) {
        logger.info({ awbNo: String(parsed.data.awb) }, 'courier webhook without a scan of ours: ignored');
        return c.json({ received: true as const, outcome: 'no_scan' as const }, 200);
      }
      // a forward parcel's scan, or a reverse pickup's (ADR-0058); applied by the inbox's worker
      const kept = await keep('shiprocket', event);
      if (kept === 'unknown_awb') {
        logger.info({ awbNo: event.awbNo }, 'courier webhook for an AWB not booked with Shiprocket: ignored');
        return c.json({ received: true as const, outcome: 'unknown_awb' as const }, 202);
      }
      if (kept === 'queued') onQueued();
      return c.json({ received: true as const, outcome: kept }, 200);
    });
  }
  return router;
}
