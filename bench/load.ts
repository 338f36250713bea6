// A load generator in its own process, so it does not compete with the server for its event loop.
// node --import tsx bench/load.ts <port> <requests> <concurrency> <path-template> <values-file> [warm]
// Prints one JSON line: { requests, seconds, latenciesMs: { p50, p90, p99, max }, errors, firstMs? }.
// With warm = 'each', every value is asked once, one at a time, before the measured run; those
// first answers (what is not yet kept) are reported apart as firstMs.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [port, total, concurrency, template, valuesFile, warm] = process.argv.slice(2);
const values = readFileSync(valuesFile ?? '', 'utf8')
  .split('\n')
  .filter(Boolean);
// LOAD_FORWARDED_FOR: the client address the requests claim (the server must trust this machine as its proxy)
const forwardedFor = process.env.LOAD_FORWARDED_FOR;
const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency) });
let errors = 0;
const get = (path: string) =>
  new Promise<number>((resolve) => {
    const started = performance.now();
    request({ host: '127.0.0.1', port: Number(port), path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) errors++;
        resolve(performance.now() - started);
      });
    })
      .on('error', () => {
        errors++;
        resolve(performance.now() - started);
      })
      .end();
  });
const pick = () => (template ?? '').replace('{}', values[Math.floor(Math.random() * values.length)] ?? '');

const percentiles = (sorted: number[]) => {
  const at = (p: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 100) / 100;
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
};
const first: number[] = [];
if (warm === 'each') {
  for (const value of values) first.push(await get((template ?? '').replace('{}', value)));
  first.sort((a, b) => a - b);
} else {
  // warm up at the measured concurrency, so every connection the server opens for it is open
  let warmed = 0;
  await Promise.all(
    Array.from({ length: Number(concurrency) }, async () => {
      while (warmed++ < Math.max(200, 10 * Number(concurrency))) await get(pick());
    }),
  );
}
const latencies: number[] = [];
let next = 0;
const began = performance.now();
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (next < Number(total)) {
      next++;
      latencies.push(await get(pick()));
    }
  }),
);
const seconds = (performance.now() - began) / 1000;
latencies.sort((a, b) => a - b);
agent.destroy();
console.log(
  JSON.stringify({
    requests: latencies.length,
    seconds,
    latenciesMs: percentiles(latencies),
    errors,
    ...(first.length > 0 ? { firstMs: percentiles(first) } : {}),
  }),
);
