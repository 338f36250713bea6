// Background work the server repeats while it runs (outbox, unpaid order expiry, refunds, sweeps):
// one runner, so a run never overlaps the previous one and several server processes on one
// database do each run once (ADR-0019).
import type { Logger } from 'pino';
import type { AdvisoryLock } from '@marketplace/db';

export type Job = {
  /** Names the job in the log and its advisory lock: unique among the server's jobs. */
  name: string;
  intervalMs: number;
  /** One run. It reports its own failures; a rejected run is logged and tried at the next tick. */
  run: () => Promise<unknown>;
  /**
   * How server processes share the job. 'lock' (the default): one process at a time runs it, under
   * the advisory lock named after it; the others skip that tick. 'rows': every process runs it,
   * because its work claims rows with FOR UPDATE SKIP LOCKED and so never handles a row twice.
   */
  sharing?: 'lock' | 'rows';
};

export type JobLocks = { tryAdvisoryLock(name: string): Promise<AdvisoryLock | null> };

export type JobRunner = {
  /** Runs the job soon rather than at its next tick (once more right after a run in progress). */
  runSoon(name: string): void;
  /** Stops the timers and waits for the runs in progress, so shutdown never closes the database under one. */
  stop(): Promise<void>;
};

type JobState = { job: Job; running: Promise<void> | null; again: boolean; timer?: NodeJS.Timeout };

/** Starts every job on its interval; timers do not keep the process alive. */
export function startJobs(
  jobs: readonly Job[],
  { locks, logger }: { locks: JobLocks; logger: Logger },
): JobRunner {
  const states = new Map<string, JobState>();
  for (const job of jobs) {
    if (states.has(job.name)) throw new Error(`two background jobs are named ${job.name}`);
    states.set(job.name, { job, running: null, again: false });
  }
  let stopped = false;

  const runOnce = async (job: Job): Promise<void> => {
    let lock: AdvisoryLock | null = null;
    if (job.sharing !== 'rows') {
      try {
        lock = await locks.tryAdvisoryLock(`job:${job.name}`);
      } catch (error) {
        logger.warn({ err: error, job: job.name }, 'background job skipped: its lock could not be taken');
        return;
      }
      if (!lock) {
        logger.debug({ job: job.name }, 'background job running in another server process: skipped here');
        return;
      }
    }
    try {
      await job.run();
    } catch (error) {
      logger.warn({ err: error, job: job.name }, 'background job failed; it runs again at the next tick');
    } finally {
      if (lock) {
        try {
          // a lost lock means its connection dropped: another process may have run the job meanwhile
          if (!(await lock.release()))
            logger.warn({ job: job.name }, 'background job lock was lost during the run');
        } catch (error) {
          // its connection is closed on the error, which drops the lock
          logger.warn({ err: error, job: job.name }, 'background job lock could not be given back');
        }
      }
    }
  };

  const start = (state: JobState): void => {
    state.running = (async () => {
      try {
        do {
          state.again = false;
          await runOnce(state.job);
        } while (state.again && !stopped);
      } finally {
        state.running = null;
      }
    })();
  };

  for (const state of states.values()) {
    state.timer = setInterval(() => {
      // a run slower than the interval makes the next tick skip, never a second run beside it
      if (!stopped && !state.running) start(state);
    }, state.job.intervalMs);
    state.timer.unref();
  }

  return {
    runSoon(name) {
      const state = states.get(name);
      if (!state) throw new Error(`no background job is named ${name}`);
      setImmediate(() => {
        if (stopped) return;
        if (state.running) state.again = true;
        else start(state);
      });
    },
    async stop() {
      stopped = true;
      for (const state of states.values()) clearInterval(state.timer);
      await Promise.all([...states.values()].flatMap((state) => (state.running ? [state.running] : [])));
    },
  };
}
