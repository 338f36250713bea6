// The newcomer's first minute: `npm start` in a fresh clone of this repository (its committed
// state), with the dependencies already installed, until the home page is served. Prints the
// seconds to the first page and the start's own phases from its log.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from '../apps/server/src/web/build.ts';

const run = promisify(execFile);

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

type Line = (name: string, value: string | number, note?: string) => void;

export async function benchFirstStart(line: Line, { timeoutMs = 600_000 } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'marketplace-clone-'));
  let child: ReturnType<typeof spawn> | undefined;
  try {
    await run('git', ['clone', '--quiet', repositoryRoot, dir]);
    // what `npm install` would put there, linked rather than downloaded: only `npm start` is timed
    await run('cp', ['-al', join(repositoryRoot, 'node_modules'), join(dir, 'node_modules')]);
    const port = await freePort();
    let output = '';
    const started = performance.now();
    // as a newcomer's shell runs it: no NODE_ENV (this process runs as production) and no database URL
    const { NODE_ENV: _mode, DATABASE_URL: _url, ...env } = process.env;
    child = spawn('npm', ['start'], {
      cwd: dir,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data') },
      detached: true, // npm and the server it starts stop together
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let served = 0;
    while (performance.now() - started < timeoutMs) {
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) {
        served = (performance.now() - started) / 1000;
        break;
      }
      if (child.exitCode !== null) throw new Error(`npm start stopped:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!served) throw new Error(`no page within ${timeoutMs / 1000} s:\n${output.slice(-3000)}`);
    const seed = /seed complete in ([\d.]+) s/.exec(output)?.[1];
    const build = /web app built in ([\d.]+) s/.exec(output)?.[1];
    const invoices = /invoices: ([\d,]+) for the demo orders/.exec(output)?.[1];
    const cpuMs = /"cpuMs":(\d+)[^\n]*marketplace ready/.exec(output)?.[1];
    line(
      'first_start.first_page_s',
      served.toFixed(1),
      'target: under 20 s (a fresh clone, npm start to the home page)',
    );
    if (cpuMs)
      line(
        'first_start.server_cpu_s',
        (Number(cpuMs) / 1000).toFixed(1),
        'CPU of the server process (all its threads) to its first page, less noisy than the clock on a shared machine',
      );
    if (seed) line('first_start.seed_s', seed, `the demo catalog with ${invoices ?? '?'} invoices`);
    if (build) line('first_start.web_build_s', build, 'in a child process, beside the seed');
  } finally {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  }
}
