import { randomUUID } from 'node:crypto';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export type LockHolder = { pid: number; token: string };

// the tokens this process holds: a lock naming our own pid but not one of these was left by an
// earlier process that had the same pid (a restarted container numbers its processes alike)
const held = new Set<string>();

// a lock file is written right after it is created: one still empty after this long was abandoned
const UNWRITTEN_STALE_MS = 10_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, token } = value as Record<string, unknown>;
    return typeof pid === 'number' && typeof token === 'string' ? { pid, token } : undefined;
  } catch {
    return undefined;
  }
}

/** The lock file's text, or undefined once it is gone. */
async function readLock(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

async function isStale(path: string, text: string): Promise<boolean> {
  const holder = parseHolder(text);
  if (!holder) {
    const age = await stat(path).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    return age > UNWRITTEN_STALE_MS;
  }
  return holder.pid === process.pid ? !held.has(holder.token) : !isAlive(holder.pid);
}

/**
 * Removes a stale lock, unless it changed since it was read. Two processes finding the same stale
 * lock take turns through a second lock file, so one cannot delete the fresh lock the other made.
 */
async function removeStale(path: string, text: string): Promise<void> {
  const guard = `${path}.takeover`;
  let handle;
  try {
    handle = await open(guard, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = await stat(guard).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > UNWRITTEN_STALE_MS) await rm(guard, { force: true });
    return;
  }
  try {
    if ((await readLock(path)) === text) await rm(path, { force: true });
  } finally {
    await handle.close();
    await rm(guard, { force: true });
  }
}

export type LockOptions = {
  /** How often a waiting process looks again. */
  pollMs?: number;
  /** How long to wait for a live holder before giving up with an error naming the lock. */
  timeoutMs?: number;
  /** Called once when the lock is held by another live process, before waiting. */
  onWait?: (holder: LockHolder | undefined) => void;
};

/**
 * An exclusive lock between processes (and between callers in one process): a file created with
 * `wx` holding the owner's pid. A live owner is waited for; a lock whose owner died is taken over.
 * Resolves with the function that releases it.
 */
export async function acquireFileLock(path: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const { pollMs = 200, timeoutMs = 15 * 60_000, onWait } = options;
  const token = randomUUID();
  const text = JSON.stringify({ pid: process.pid, token, since: new Date().toISOString() });
  // known before the file exists: another caller in this process may read it the moment it is written
  held.add(token);
  const started = Date.now();
  let waited = false;
  for (;;) {
    const handle = await open(path, 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return undefined;
      throw error;
    });
    if (handle) {
      try {
        await handle.writeFile(text);
      } catch (error) {
        held.delete(token);
        await rm(path, { force: true });
        throw error;
      } finally {
        await handle.close();
      }
      return async () => {
        held.delete(token);
        if ((await readLock(path)) === text) await rm(path, { force: true });
      };
    }
    const current = await readLock(path);
    if (current === undefined) continue;
    if (await isStale(path, current)) {
      await removeStale(path, current);
      continue;
    }
    if (!waited) onWait?.(parseHolder(current));
    waited = true;
    if (Date.now() - started > timeoutMs) {
      held.delete(token);
      const holder = parseHolder(current);
      throw new Error(
        `gave up waiting for ${path}${holder ? `, held by process ${holder.pid}` : ''}: remove it if that process is gone`,
      );
    }
    await sleep(pollMs);
  }
}
