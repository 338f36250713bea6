// Background work the server repeats while it runs (refund checks, unpaid order expiry, sweeps).

/**
 * Runs `work` every `intervalMs` until stopped, without keeping the process alive for it. `work`
 * reports its own failures (a rejected run is not retried before the next tick). `stop` waits for
 * a run in progress, so shutdown never closes the database under it.
 */
export function repeatEvery(intervalMs: number, work: () => Promise<unknown>) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = work().catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
