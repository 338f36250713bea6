import { describe, expect, it } from 'vitest';
import { keptFor } from './kept-for.ts';

describe('keptFor', () => {
  it('loads once per period, shares a load in progress, and loads again after the period', async () => {
    let now = 0;
    let loads = 0;
    const get = keptFor(
      1_000,
      () => Promise.resolve(++loads),
      () => now,
    );
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    now = 999;
    expect(await get()).toBe(1);
    now = 1_000;
    expect(await get()).toBe(2);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const get = keptFor(60_000, () =>
      fail ? Promise.reject(new Error('database unavailable')) : Promise.resolve('counts'),
    );
    await expect(get()).rejects.toThrow('database unavailable');
    fail = false;
    expect(await get()).toBe('counts');
  });
});
