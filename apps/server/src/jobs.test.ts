import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Job, type JobLocks, startJobs } from './jobs.ts';

afterEach(() => vi.useRealTimers());

/**
 * Advisory locks as PostgreSQL keeps them for one server process's session: they nest within the
 * session and exclude other sessions. `database` (name -> holding session and depth) is shared by
 * the processes of one database.
 */
function fakeLocks(database = new Map<string, { session: object; depth: number }>()) {
  const session = {};
  const locks: JobLocks = {
    tryAdvisoryLock: (name) => {
      const held = database.get(name) ?? { session, depth: 0 };
      if (held.session !== session) return Promise.resolve(null);
      database.set(name, { session, depth: held.depth + 1 });
      return Promise.resolve({
        release: () => {
          const now = database.get(name);
          if (now?.session !== session) return Promise.resolve(false);
          if (now.depth === 1) database.delete(name);
          else database.set(name, { session, depth: now.depth - 1 });
          return Promise.resolve(true);
        },
      });
    },
  };
  return { ...locks, held: database };
}

function capturingLogger() {
  const lines: { msg: string; job?: string }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that takes `durationMs` a run and counts its runs and how many ran at once. */
function countingJob(name: string, intervalMs: number, durationMs: number, sharing?: Job['sharing']) {
  const counts = { runs: 0, now: 0, most: 0 };
  const job: Job = {
    name,
    intervalMs,
    sharing,
    run: async () => {
      counts.runs++;
      counts.now++;
      counts.most = Math.max(counts.most, counts.now);
      await sleep(durationMs);
      counts.now--;
    },
  };
  return { job, counts };
}

describe('startJobs', () => {
  it('runs each job at its interval, logs a failed run and goes on, and stops', async () => {
    vi.useFakeTimers();
    const { logger, lines } = capturingLogger();
    let runs = 0;
    const failing: Job = {
      name: 'failing-first',
      intervalMs: 1000,
      run: () => (++runs === 1 ? Promise.reject(new Error('a bad run')) : Promise.resolve()),
    };
    const locks = fakeLocks();
    const runner = startJobs([failing], { locks, logger });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(2001);
    expect(runs).toBe(3);
    expect(lines).toMatchObject([{ job: 'failing-first', msg: expect.stringContaining('failed') }]);
    // the failed run gave its lock back
    expect(locks.held.size).toBe(0);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it('never overlaps runs: a run slower than the interval makes the next ticks skip', async () => {
    vi.useFakeTimers();
    const { job, counts } = countingJob('slow', 1000, 2500);
    const runner = startJobs([job], { locks: fakeLocks(), logger: capturingLogger().logger });
    // runs at 1 s (until 3.5 s): the ticks at 2 s and 3 s are skipped, the next run starts at 4 s
    await vi.advanceTimersByTimeAsync(3999);
    expect(counts.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(counts.runs).toBe(2);
    expect(counts.most).toBe(1);
    await vi.advanceTimersByTimeAsync(2500);
    await runner.stop();
  });

  it('waits on stop for the run in progress and starts none after', async () => {
    vi.useFakeTimers();
    const { job, counts } = countingJob('slow', 1000, 500);
    const runner = startJobs([job], { locks: fakeLocks(), logger: capturingLogger().logger });
    await vi.advanceTimersByTimeAsync(1000);
    expect(counts.now).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(counts).toMatchObject({ runs: 1, now: 0 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(counts.runs).toBe(1);
  });

  it('runs a job soon when asked, and once more after a run in progress, never beside it', async () => {
    vi.useFakeTimers();
    const { job, counts } = countingJob('outbox', 5000, 100, 'rows');
    const runner = startJobs([job], { locks: fakeLocks(), logger: capturingLogger().logger });
    runner.runSoon('outbox');
    await vi.advanceTimersByTimeAsync(0);
    expect(counts.runs).toBe(1);
    runner.runSoon('outbox');
    runner.runSoon('outbox');
    await vi.advanceTimersByTimeAsync(100);
    expect(counts.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(counts).toMatchObject({ runs: 2, most: 1 });
    expect(() => runner.runSoon('nothing')).toThrow(/no background job/);
    await runner.stop();
  });

  it('runs a locked job in one of two processes sharing a database, and a row-claiming job in both', async () => {
    vi.useFakeTimers();
    const database = new Map<string, { session: object; depth: number }>();
    const locked = countingJob('refunds', 1000, 300);
    const claiming = countingJob('outbox', 1000, 300, 'rows');
    const logger = capturingLogger().logger;
    const runners = [
      startJobs([locked.job, claiming.job], { locks: fakeLocks(database), logger }),
      startJobs([locked.job, claiming.job], { locks: fakeLocks(database), logger }),
    ];
    await vi.advanceTimersByTimeAsync(3000);
    expect(locked.counts).toMatchObject({ runs: 3, most: 1 });
    expect(claiming.counts).toMatchObject({ runs: 6, most: 2 });
    await vi.advanceTimersByTimeAsync(300);
    await Promise.all(runners.map((runner) => runner.stop()));
    expect(database.size).toBe(0);
  });

  it('skips a run whose lock cannot be taken, and says when a lock was lost during a run', async () => {
    vi.useFakeTimers();
    const { logger, lines } = capturingLogger();
    const { job, counts } = countingJob('refunds', 1000, 10);
    let call = 0;
    const locks: JobLocks = {
      tryAdvisoryLock: () =>
        ++call === 1
          ? Promise.reject(new Error('connection refused'))
          : Promise.resolve({ release: () => Promise.resolve(false) }),
    };
    const runner = startJobs([job], { locks, logger });
    await vi.advanceTimersByTimeAsync(1000);
    expect(counts.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1010);
    expect(counts.runs).toBe(1);
    expect(lines.map((line) => line.msg)).toEqual([
      'background job skipped: its lock could not be taken',
      'background job lock was lost during the run',
    ]);
    await runner.stop();
  });

  it('refuses two jobs of one name', () => {
    const { job } = countingJob('twice', 1000, 0);
    expect(() => startJobs([job, job], { locks: fakeLocks(), logger: capturingLogger().logger })).toThrow(
      /two background jobs are named twice/,
    );
  });
});
