// The courier-webhook section of the bench (requirements#courier-shiprocket, ADR-0069): 250
// shipments booked with Shiprocket (rows made in the database from the seed's shipments); a warm-up
// of 4 seconds at the full rate on 50 of them, applied before the measure (a server that has just
// started compiles its code on the first thousands of requests), then Shiprocket tracking webhooks at 500 a second for 4 seconds on the other
// 200, from a separate process, each a new scan. Prints the answers' p50 and p99 (target p99 <
// 50 ms), that every event answered 200 was kept (lost = 0), how many were never answered, and how
// long after the last answer every kept event had been applied to its parcel.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@marketplace/db';

type Line = (name: string, value: string | number, note?: string) => void;
const RATE = 500;
const SECONDS = 4;
const PARCELS = 200;
const WARM_UP_PARCELS = 50;

export async function benchCourierWebhook(
  db: Database,
  port: number,
  token: string,
  workDir: string,
  line: Line,
) {
  const all = await queryRows<{ id: number; awb_no: string }>(
    db,
    sql`INSERT INTO courier_shipments (shipment_id, seller_id, provider, awb_no, courier_name, charge_paise)
        SELECT s.id, s.seller_id, 'shiprocket', 'SRBENCH' || s.id, 'Xpressbees Surface', 6200
        FROM shipments s
        WHERE NOT EXISTS (SELECT 1 FROM courier_shipments c WHERE c.shipment_id = s.id)
        ORDER BY s.id LIMIT ${PARCELS + WARM_UP_PARCELS}
        RETURNING id, awb_no`,
  );
  const warmUp = all.slice(0, WARM_UP_PARCELS);
  const booked = all.slice(WARM_UP_PARCELS);
  if (booked.length === 0) throw new Error('the seed has shipments to book');
  const load = async (parcels: typeof booked, rate: number, seconds: number) => {
    const awbFile = join(workDir, 'courier-webhook-awbs.txt');
    await writeFile(awbFile, parcels.map((b) => b.awb_no).join('\n'));
    const out = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          '--import',
          'tsx',
          'bench/courier-webhook-load.ts',
          String(port),
          String(rate),
          String(seconds),
          token,
          awbFile,
        ],
        { maxBuffer: 1024 * 1024 },
        (error, stdout) =>
          error ? reject(new Error(`webhook load failed: ${error.message}`)) : resolve(stdout),
      );
    });
    return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
      sent: number;
      seconds: number;
      statuses: Record<string, number>;
      failed: number;
      p50: number;
      p99: number;
    };
  };
  const waiting = async (parcels: typeof booked) => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM courier_inbox
          WHERE applied_at IS NULL AND awb_no IN (${sql.join(
            parcels.map((p) => sql`${p.awb_no}`),
            sql`, `,
          )})`,
    );
    return row?.n ?? 0;
  };
  const applied = async (parcels: typeof booked) => {
    const started = performance.now();
    while ((await waiting(parcels)) > 0) {
      if (performance.now() - started > 600_000) return Number.NaN;
      await new Promise((r) => setTimeout(r, 100));
    }
    return (performance.now() - started) / 1000;
  };
  await load(warmUp, RATE, 4);
  await applied(warmUp);
  const result = await load(booked, RATE, SECONDS);
  const appliedAfter = await applied(booked);
  const ids = booked.map((b) => b.id);
  // kept: in the inbox; applied: recorded against the parcel as a courier event
  const [recorded] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM courier_inbox WHERE awb_no IN (${sql.join(
      booked.map((b) => sql`${b.awb_no}`),
      sql`, `,
    )})`,
  );
  const [events] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM courier_events WHERE courier_shipment_id IN (${sql.join(ids, sql`, `)})`,
  );
  const answered = result.statuses['200'] ?? 0;
  console.log(
    `# POST /api/webhooks/courier/scans: ${result.sent} Shiprocket tracking events at ${RATE}/s over ${booked.length} parcels (answers ${JSON.stringify(result.statuses)})`,
  );
  line('courier_webhook.events_per_s', Math.round(result.sent / result.seconds), `target ${RATE}`);
  line('courier_webhook.p50_ms', result.p50);
  line('courier_webhook.p99_ms', result.p99, 'target < 50 ms');
  // answered but not recorded: an event the marketplace acknowledged and then dropped
  line(
    'courier_webhook.lost',
    Math.max(0, answered - (recorded?.n ?? 0)),
    `target 0 (${recorded?.n ?? 0} kept)`,
  );
  line(
    'courier_webhook.applied_after_s',
    Math.round(appliedAfter * 10) / 10,
    `every kept event applied to its parcel, counted from the last answer (${events?.n ?? 0} courier events)`,
  );
  // never answered (the client gave up): Shiprocket would see a failure, not a silent loss
  line('courier_webhook.unanswered', result.sent - answered, 'target 0');
}
