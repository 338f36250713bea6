// requirements#web-concurrency: several server processes share the port (node:cluster), one per core
// by default on PostgreSQL. The primary only supervises: the first worker starts alone (it migrates,
// seeds and builds the web app if needed), the others follow once it listens. A worker that dies is
// replaced; SIGHUP replaces them one at a time, each new one listening before the old one stops;
// SIGTERM and SIGINT stop them all gracefully. Background jobs stay under their advisory locks, so
// each still runs once across the processes (ADR-0019).
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { NODE_ENV_AS_SET, NODE_ENV_AS_SET_VARIABLE } from './production-default.ts';

/** A worker that dies this soon after starting, this many times in a row, stops the server: it would only crash again. */
const CRASH_WINDOW_MS = 10_000;
const CRASHES_BEFORE_GIVING_UP = 5;

const listening = (worker: Worker) =>
  new Promise<boolean>((resolve) => {
    const onListening = () => {
      worker.off('exit', onExit);
      resolve(true);
    };
    const onExit = () => {
      worker.off('listening', onListening);
      resolve(false);
    };
    worker.once('listening', onListening);
    worker.once('exit', onExit);
  });

const exited = (worker: Worker) =>
  new Promise<void>((resolve) => {
    if (worker.isDead()) resolve();
    else worker.once('exit', () => resolve());
  });

/** Runs `count` workers of this same script and supervises them until a stop signal. */
export function superviseWorkers(count: number, logger: Logger): Promise<void> {
  let stopping = false;
  let crashes = 0;
  const startedAt = new WeakMap<Worker, number>();
  const replacing = new WeakSet<Worker>();

  const fork = () => {
    // a worker reads NODE_ENV as the operator set it, not the production default this process filled in
    const worker = cluster.fork({ [NODE_ENV_AS_SET_VARIABLE]: NODE_ENV_AS_SET ?? '' });
    startedAt.set(worker, Date.now());
    worker.on('exit', (code, signal) => {
      if (stopping || replacing.has(worker)) return;
      const quick = Date.now() - (startedAt.get(worker) ?? 0) < CRASH_WINDOW_MS;
      crashes = quick ? crashes + 1 : 1;
      if (crashes >= CRASHES_BEFORE_GIVING_UP) {
        logger.fatal(
          { pid: worker.process.pid, code, signal },
          'server processes keep failing at start: stopping',
        );
        void stopAll(1);
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'a server process ended: starting another');
      fork();
    });
    return worker;
  };

  const stopAll = async (exitCode: number) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    for (const worker of workers) worker.process.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    logger.info({ workers: workers.length }, 'every server process stopped');
    process.exit(exitCode);
  };

  // one at a time: each replacement listens before the one it replaces is asked to stop
  const restartAll = async () => {
    const old = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    logger.info({ workers: old.length }, 'replacing the server processes one at a time');
    for (const worker of old) {
      if (stopping) return;
      const next = fork();
      if (!(await listening(next))) {
        logger.error('a replacement server process did not start: keeping the running ones');
        return;
      }
      replacing.add(worker);
      worker.process.kill('SIGTERM');
      await exited(worker);
    }
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stopAll(0));
  process.on('SIGHUP', () => void restartAll());

  // the first alone (it may migrate, seed and build); the others once one listens
  let grown = false;
  cluster.on('listening', () => {
    if (grown || stopping) return;
    grown = true;
    for (let i = 1; i < count; i++) fork();
    logger.info({ workers: count }, `${count} server processes share the port`);
  });
  fork();
  return Promise.resolve();
}
