// requirements#payment-page-scripts: browsers report what a page's Content-Security-Policy blocked
// (its report-uri); each report is counted per day, page, directive and blocked origin.
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cspViolations, type Database } from '@marketplace/db';
import {
  CSP_REPORT_MAX_BYTES,
  type CspViolation,
  parseCspReports,
} from '@marketplace/domain/admin/payment-scripts-api';
import type { AppEnv } from '../../http/context.ts';
import { apiError, errorBody } from '../../http/errors.ts';
import { CSP_REPORT_PATH } from '../../http/middleware.ts';

/** A day keeps at most this many distinct rows: a flood of made-up reports counts nothing more. */
export const CSP_ROWS_PER_DAY = 1_000;
/** Reports are kept 90 days. */
export const CSP_KEEP_DAYS = 90;

const IST_OFFSET_MS = 330 * 60_000;
/** The day in India, as YYYY-MM-DD. */
export const indianDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** Counts each violation on its row; a new row only while the day has fewer than CSP_ROWS_PER_DAY. */
export async function recordViolations(db: Database, violations: readonly CspViolation[], now: Date) {
  const day = indianDay(now);
  let counted = 0;
  for (const violation of violations) {
    const key = and(
      eq(cspViolations.day, day),
      eq(cspViolations.documentPath, violation.documentPath),
      eq(cspViolations.directive, violation.directive),
      eq(cspViolations.blocked, violation.blocked),
    );
    const updated = await db
      .update(cspViolations)
      .set({ count: sql`${cspViolations.count} + 1`, lastAt: now })
      .where(key)
      .returning({ day: cspViolations.day });
    if (updated.length > 0) {
      counted += 1;
      continue;
    }
    const [rows] = await db.select({ n: count() }).from(cspViolations).where(eq(cspViolations.day, day));
    if ((rows?.n ?? 0) >= CSP_ROWS_PER_DAY) continue;
    const inserted = await db
      .insert(cspViolations)
      .values({ day, ...violation, firstAt: now, lastAt: now })
      .onConflictDoUpdate({
        target: [
          cspViolations.day,
          cspViolations.documentPath,
          cspViolations.directive,
          cspViolations.blocked,
        ],
        set: { count: sql`${cspViolations.count} + 1`, lastAt: now },
      })
      .returning({ day: cspViolations.day });
    counted += inserted.length;
  }
  return counted;
}

/** Reports of the last `days` days, the payment page's first, then the newest. */
export async function recentViolations(db: Database, now: Date, paymentPath: string, days = 7) {
  const since = indianDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  return db
    .select()
    .from(cspViolations)
    .where(gte(cspViolations.day, since))
    .orderBy(
      desc(sql`${cspViolations.documentPath} = ${paymentPath}`),
      desc(cspViolations.lastAt),
      cspViolations.documentPath,
    )
    .limit(100);
}

/** Drops the reports older than CSP_KEEP_DAYS. */
export async function dropOldViolations(db: Database, now: Date) {
  const before = indianDay(new Date(now.getTime() - CSP_KEEP_DAYS * 86_400_000));
  await db.delete(cspViolations).where(lt(cspViolations.day, before));
}

const MEDIA_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];

/**
 * POST /csp-reports: a browser's report, answered 204. A body that is not a report is 400, a body
 * over 16 KB 413, another media type 415; nothing about the report is ever sent back.
 */
export function cspReportRoutes(db: Database, options: { now?: () => Date } = {}) {
  const app = new Hono<AppEnv>();
  app.post(
    CSP_REPORT_PATH,
    bodyLimit({
      maxSize: CSP_REPORT_MAX_BYTES,
      onError: (c) =>
        c.json(
          errorBody('PAYLOAD_TOO_LARGE', 'A report is at most 16 KB.', undefined, String(c.get('requestId'))),
          413,
        ),
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!MEDIA_TYPES.includes(type))
        return apiError(
          c,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send a report as application/csp-report or application/reports+json.',
        );
      let body: unknown;
      try {
        const text = await c.req.text();
        if (text.includes('\u0000')) throw new Error('NUL');
        body = JSON.parse(text);
      } catch {
        return apiError(c, 'BAD_REQUEST', 'The report is not JSON.');
      }
      // an application/json body is read as whichever of the two shapes it has
      const mediaType =
        type === 'application/json'
          ? Array.isArray(body)
            ? 'application/reports+json'
            : 'application/csp-report'
          : type;
      const violations = parseCspReports(mediaType, body);
      if (!violations) return apiError(c, 'BAD_REQUEST', 'The body is not a Content-Security-Policy report.');
      await recordViolations(db, violations, options.now?.() ?? new Date());
      return c.body(null, 204);
    },
  );
  app.on(['GET', 'PUT', 'PATCH', 'DELETE'], CSP_REPORT_PATH, (c) =>
    c.text('Method not allowed', 405, { Allow: 'POST' }),
  );
  return app;
}
