import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat-every.ts';

afterEach(() => vi.useRealTimers());

describe('repeatEvery', () => {
  it('runs the work at each interval, keeps going after a failed run, and stops', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const job = repeatEvery(1000, () => {
      runs++;
      return runs === 1 ? Promise.reject(new Error('a bad run')) : Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(2001);
    expect(runs).toBe(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it('waits on stop for the run in progress', async () => {
    vi.useFakeTimers();
    let finished = false;
    const job = repeatEvery(1000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = job.stop();
    expect(finished).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await stopped;
    expect(finished).toBe(true);
  });
});
