import { describe, expect, it } from 'vitest';
import { keptByKey } from './kept-by-key.ts';

describe('keptByKey', () => {
  it('loads a key once per period, per key, and again after it', async () => {
    let now = 0;
    const loads: string[] = [];
    const get = keptByKey(
      (key: string) => {
        loads.push(key);
        return Promise.resolve(`${key}@${now}`);
      },
      1000,
      10,
      () => now,
    );
    expect(await get('a')).toBe('a@0');
    now = 999;
    expect(await get('a')).toBe('a@0');
    expect(await get('b')).toBe('b@999');
    now = 1000;
    expect(await get('a')).toBe('a@1000');
    expect(loads).toEqual(['a', 'b', 'a']);
  });

  it('does not keep a failed load, and forgets the oldest key past its size', async () => {
    let fail = true;
    let count = 0;
    const get = keptByKey(
      (key: number) => {
        count++;
        return fail ? Promise.reject(new Error('down')) : Promise.resolve(key);
      },
      60_000,
      2,
    );
    await expect(get(1)).rejects.toThrow('down');
    fail = false;
    expect(await get(1)).toBe(1);
    await get(2);
    await get(3); // 1 is forgotten
    const before = count;
    await get(1);
    expect(count).toBe(before + 1);
  });

  it('drops every key when the catalog changed (ADR-0055), and keeps them again after', async () => {
    let generation = 0;
    const loads: string[] = [];
    const get = keptByKey(
      (key: string) => {
        loads.push(key);
        return Promise.resolve(`${key}#${generation}`);
      },
      60_000,
      500,
      () => 1000,
      () => generation,
    );
    await get('a');
    await get('b');
    await get('a');
    expect(loads).toEqual(['a', 'b']);
    generation += 1;
    expect(await get('a')).toBe('a#1');
    expect(await get('b')).toBe('b#1');
    await get('a');
    expect(loads).toEqual(['a', 'b', 'a', 'b']);
  });
});
