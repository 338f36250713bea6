import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireFileLock } from './file-lock.ts';

let dir: string;
let lock: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-lock-'));
  lock = join(dir, '.lock');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('acquireFileLock', () => {
  it('writes the holder pid and removes the file on release', async () => {
    const release = await acquireFileLock(lock);
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    await release();
    await expect(readFile(lock)).rejects.toThrow();
  });

  it('hands the lock to one caller at a time', async () => {
    const order: string[] = [];
    const hold = async (name: string) => {
      const release = await acquireFileLock(lock, { pollMs: 10 });
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(`${name} out`);
      await release();
    };
    await Promise.all([hold('a'), hold('b'), hold('c')]);
    for (let i = 0; i < order.length; i += 2) {
      expect(order[i]?.replace(' in', '')).toBe(order[i + 1]?.replace(' out', ''));
    }
  });

  it('gives up after the timeout with a line naming the lock and its holder', async () => {
    const release = await acquireFileLock(lock);
    await expect(acquireFileLock(lock, { pollMs: 10, timeoutMs: 50 })).rejects.toThrow(
      `gave up waiting for ${lock}, held by process ${process.pid}`,
    );
    await release();
  });

  it('takes over a lock file left empty long ago, but waits on a fresh empty one', async () => {
    await writeFile(lock, '');
    await expect(acquireFileLock(lock, { pollMs: 10, timeoutMs: 50 })).rejects.toThrow('gave up waiting');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lock, longAgo, longAgo);
    const release = await acquireFileLock(lock, { pollMs: 10, timeoutMs: 1000 });
    await release();
  });
});
