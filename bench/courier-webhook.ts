// The courier-webhook section of the bench (requirements#courier-shiprocket): 200 shipments booked
// with Shiprocket (rows made in the database from the seed's shipments), then Shiprocket tracking
// webhooks at 500 a second for 4 seconds from a separate process, each a new scan; prints the
// answers' p50 and p99 (target p99 < 50 ms) and that every event answered 200 was recorded (lost = 0) and how many
// were never answered.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '@marketplace/db';

type Line = (name: string, value: string | number, note?: string) => void;
const RATE = 500;
const SECONDS = 4;
const PARCELS = 200;

export async function benchCourierWebhook(
  db: Database,
  port: number,
  token: string,
  workDir: string,
  line: Line,
) {
  const booked = await queryRows<{ id: number; awb_no: string }>(
    db,
    sql`INSERT INTO courier_shipments (shipment_id, seller_id, provider, awb_no, courier_name, charge_paise)
        SELECT s.id, s.seller_id, 'shiprocket', 'SRBENCH' || s.id, 'Xpressbees Surface', 6200
        FROM shipments s
        WHERE NOT EXISTS (SELECT 1 FROM courier_shipments c WHERE c.shipment_id = s.id)
        ORDER BY s.id LIMIT ${PARCELS}
        RETURNING id, awb_no`,
  );
  if (booked.length === 0) throw new Error('the seed has shipments to book');
  const awbFile = join(workDir, 'courier-webhook-awbs.txt');
  await writeFile(awbFile, booked.map((b) => b.awb_no).join('\n'));
  const out = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/courier-webhook-load.ts',
        String(port),
        String(RATE),
        String(SECONDS),
        token,
        awbFile,
      ],
      { maxBuffer: 1024 * 1024 },
      (error, stdout) =>
        error ? reject(new Error(`webhook load failed: ${error.message}`)) : resolve(stdout),
    );
  });
  const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
    sent: number;
    seconds: number;
    statuses: Record<string, number>;
    failed: number;
    p50: number;
    p99: number;
  };
  const ids = booked.map((b) => b.id);
  const [recorded] = await queryRows<{ n: number }>(
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
    `target 0 (${recorded?.n ?? 0} recorded)`,
  );
  // never answered (the client gave up): Shiprocket would see a failure, not a silent loss
  line('courier_webhook.unanswered', result.sent - answered, 'target 0');
}
