// The order placement load in its own process, so it does not compete with the server for its
// event loop. node --import tsx bench/order-load.ts <plan-file>
// The plan (JSON): { base, mode: 'capacity' | 'steady', clients, rate, seconds, orders: [{ cookie, body }] }.
// 'capacity': `clients` shoppers order back to back through the list; 'steady': orders are sent at
// `rate` a second whatever the answers, each timed from the moment it was due.
// Prints one JSON line: { placed, seconds, errors, latenciesMs: [sorted] }.
import { readFileSync } from 'node:fs';

type Plan = {
  base: string;
  mode: 'capacity' | 'steady';
  clients: number;
  rate: number;
  orders: { cookie: string; body: unknown }[];
};
const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Plan;
let errors = 0;
const place = async (order: Plan['orders'][number]) => {
  const res = await fetch(`${plan.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: order.cookie },
    body: JSON.stringify(order.body),
  }).catch(() => null);
  await res?.text();
  if (res?.status !== 201) errors++;
};

const latencies: number[] = [];
const began = performance.now();
if (plan.mode === 'capacity') {
  let next = 0;
  await Promise.all(
    Array.from({ length: plan.clients }, async () => {
      while (next < plan.orders.length) {
        const order = plan.orders[next++];
        if (!order) return;
        const started = performance.now();
        await place(order);
        latencies.push(performance.now() - started);
      }
    }),
  );
} else {
  await Promise.all(
    plan.orders.map(async (order, k) => {
      const due = began + (k * 1000) / plan.rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      await place(order);
      latencies.push(performance.now() - due);
    }),
  );
}
const seconds = (performance.now() - began) / 1000;
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({ placed: latencies.length, seconds, errors, latenciesMs: latencies }));
