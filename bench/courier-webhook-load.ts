// The load generator of the courier-webhook figure, in its own process so it does not share the
// server's event loop: Shiprocket tracking webhooks POSTed open-loop at a steady rate (each at its
// planned time, whatever the answers before it), each a new scan of one of the given AWBs.
// Prints one JSON line: sent, answers by status, failures, latency percentiles.
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';

const [port, rate, seconds, token, awbFile] = process.argv.slice(2);
const awbs = (await readFile(awbFile ?? '', 'utf8')).split('\n').filter(Boolean);
const perSecond = Number(rate);
const total = Math.round(perSecond * Number(seconds));
const url = `http://127.0.0.1:${port}/api/webhooks/courier/scans`;
const base = Date.now() - 3_600_000;
const ist = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

// kept-alive connections, as a courier's senders hold them; at most 64 open at once
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const post = (body: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-api-key': token ?? '',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const latencies: number[] = [];
const statuses: Record<string, number> = {};
let failed = 0;
const started = performance.now();
const sends: Promise<void>[] = [];
for (let i = 0; i < total; i++) {
  const due = started + (i * 1000) / perSecond;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  const awb = awbs[i % awbs.length] ?? '';
  // each event a new scan: one second later than the AWB's previous one
  const at = ist(base + i * 1000);
  const body = JSON.stringify({
    awb,
    courier_name: 'Xpressbees Surface',
    current_status: 'IN TRANSIT',
    current_status_id: 18,
    shipment_status: 'IN TRANSIT',
    shipment_status_id: 18,
    current_timestamp: `${at.slice(8, 10)} ${at.slice(5, 7)} ${at.slice(0, 4)} ${at.slice(11)}`,
    order_id: `SHP-${awb}`,
    scans: [
      {
        date: at,
        status: 'IT',
        activity: 'In Transit',
        location: 'Nagpur_Hub',
        'sr-status': '18',
        'sr-status-label': 'IN TRANSIT',
      },
    ],
    is_return: 0,
  });
  const sentAt = performance.now();
  sends.push(
    post(body)
      .then((status) => {
        latencies.push(performance.now() - sentAt);
        statuses[status] = (statuses[status] ?? 0) + 1;
      })
      .catch(() => {
        failed++;
      }),
  );
}
await Promise.all(sends);
agent.destroy();
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
console.log(
  JSON.stringify({
    sent: total,
    seconds: elapsed,
    statuses,
    failed,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
  }),
);
