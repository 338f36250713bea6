// A load generator in its own process, so it does not compete with the server for its event loop.
// node --import tsx bench/load.ts <port> <requests> <concurrency> <path-template> <values-file>
// Prints one JSON line: { requests, seconds, latenciesMs: { p50, p90, p99, max }, errors }.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [port, total, concurrency, template, valuesFile] = process.argv.slice(2);
const values = readFileSync(valuesFile ?? '', 'utf8')
  .split('\n')
  .filter(Boolean);
const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency) });
let errors = 0;
const get = (path: string) =>
  new Promise<number>((resolve) => {
    const started = performance.now();
    request({ host: '127.0.0.1', port: Number(port), path, agent }, (res) => {
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

for (let i = 0; i < 200; i++) await get(pick()); // warm up
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
const at = (p: number) =>
  Math.round((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0) * 100) / 100;
agent.destroy();
console.log(
  JSON.stringify({
    requests: latencies.length,
    seconds,
    latenciesMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) },
    errors,
  }),
);
