import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acquireFileLock } from '../file-lock.ts';
import { ensureWebBuild, type EnsureWebBuildOptions, WebBuildToolMissing } from './build.ts';
import { precompressRelease } from './precompress.ts';

const SCRIPT = 'console.log("hydrate the storefront");\n'.repeat(100);

let outputDir: string;
let hash: string;
let builds: number;
let gate: Promise<void> | undefined;

/** What React Router leaves in the build folder, made in a few milliseconds. */
async function fakeBuild(dir: string) {
  builds += 1;
  await mkdir(join(dir, 'client/assets'), { recursive: true });
  await writeFile(join(dir, 'client/assets/entry-Ab12Cd34.js'), `${SCRIPT}// build ${builds}\n`);
  await gate;
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'server/index.js'), `export const build = ${builds};\n`);
}

const options = (extra: EnsureWebBuildOptions = {}): EnsureWebBuildOptions => ({
  outputDir,
  sourceHash: () => Promise.resolve(hash),
  build: fakeBuild,
  ...extra,
});
const currentDir = () => join(outputDir, 'current');
const servedBuild = async () => readFile(join(currentDir(), 'server/index.js'), 'utf8');

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  if (child.pid === undefined) throw new Error('no child process');
  return child.pid;
}

beforeEach(async () => {
  outputDir = await mkdtemp(join(tmpdir(), 'web-build-'));
  hash = 'a'.repeat(64);
  builds = 0;
  gate = undefined;
});
afterEach(() => rm(outputDir, { recursive: true, force: true }));

describe('ensureWebBuild', () => {
  it('builds once for two callers starting together; the second finds the build made', async () => {
    const results = await Promise.all([ensureWebBuild(options()), ensureWebBuild(options())]);
    expect(builds).toBe(1);
    expect(results.map((r) => r.built).sort()).toEqual([false, true]);
    expect(await servedBuild()).toContain('build = 1');
    expect(await readFile(join(currentDir(), '.source-hash'), 'utf8')).toBe(hash);
    expect(existsSync(join(outputDir, '.lock'))).toBe(false);
  });

  it('reuses the build until the sources change, and keeps the previous one for running servers', async () => {
    await ensureWebBuild(options());
    const first = await realpath(currentDir());
    expect(await ensureWebBuild(options())).toEqual({ built: false });
    hash = 'b'.repeat(64);
    expect(await ensureWebBuild(options())).toEqual({ built: true });
    hash = 'c'.repeat(64);
    await ensureWebBuild(options());
    expect(builds).toBe(3);
    expect(await servedBuild()).toContain('build = 3');
    const releases = await readdir(join(outputDir, 'releases'));
    expect(releases).toHaveLength(2);
    expect(releases.some((name) => first.endsWith(name))).toBe(false);
    expect((await readlink(currentDir())).startsWith('releases/')).toBe(true);
  });

  it('builds again when forced (npm run build), whatever the hash says', async () => {
    await ensureWebBuild(options());
    expect(await ensureWebBuild(options({ force: true }))).toEqual({ built: true });
    expect(builds).toBe(2);
  });

  it('precompresses the scripts of the release it publishes', async () => {
    await ensureWebBuild(options());
    expect(existsSync(join(currentDir(), 'client/assets/entry-Ab12Cd34.js.br'))).toBe(true);
    expect(existsSync(join(currentDir(), 'client/assets/entry-Ab12Cd34.js.gz'))).toBe(true);
    // nothing half-built is left beside the releases
    expect(existsSync(join(outputDir, 'client'))).toBe(false);
    expect(existsSync(join(outputDir, 'server'))).toBe(false);
  });

  it('publishes at once when asked to precompress later, and the release is precompressed once after', async () => {
    expect(await ensureWebBuild(options({ precompress: false }))).toEqual({ built: true });
    const script = join(currentDir(), 'client/assets/entry-Ab12Cd34.js');
    expect(await servedBuild()).toContain('build = 1');
    expect(existsSync(`${script}.br`)).toBe(false);
    const done = await precompressRelease(currentDir());
    expect(done?.files).toBe(1);
    expect(existsSync(`${script}.br`)).toBe(true);
    expect(existsSync(`${script}.gz`)).toBe(true);
    // a later start finds it done; no temporary file is left beside the variants
    expect(await precompressRelease(currentDir())).toBeNull();
    expect((await readdir(join(currentDir(), 'client/assets'))).filter((n) => n.endsWith('.tmp'))).toEqual(
      [],
    );
  });

  it('says the build is underway while it still runs, and at once when none is needed', async () => {
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const underway = vi.fn();
    const running = ensureWebBuild(options({ onUnderway: underway }));
    await vi.waitFor(() => expect(underway).toHaveBeenCalledTimes(1));
    expect(existsSync(join(outputDir, 'current'))).toBe(false); // not built yet
    open();
    await running;
    const again = vi.fn();
    await ensureWebBuild(options({ onUnderway: again }));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('keeps serving the complete previous build while the next one is being written', async () => {
    await ensureWebBuild(options());
    hash = 'b'.repeat(64);
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const next = ensureWebBuild(options());
    await vi.waitFor(() => expect(existsSync(join(outputDir, 'client/assets/entry-Ab12Cd34.js'))).toBe(true));
    expect(await servedBuild()).toContain('build = 1');
    expect(await readFile(join(currentDir(), '.source-hash'), 'utf8')).toBe('a'.repeat(64));
    open();
    await next;
    expect(await servedBuild()).toContain('build = 2');
  });

  it('takes over a lock left by a process that died', async () => {
    await mkdir(outputDir, { recursive: true });
    await writeFile(join(outputDir, '.lock'), JSON.stringify({ pid: await deadPid(), token: 'gone' }));
    expect(await ensureWebBuild(options())).toEqual({ built: true });
    expect(existsSync(join(outputDir, '.lock'))).toBe(false);
  });

  it('takes over a lock naming this process that this process does not hold (a restarted container)', async () => {
    await writeFile(join(outputDir, '.lock'), JSON.stringify({ pid: process.pid, token: 'earlier-run' }));
    expect(await ensureWebBuild(options())).toEqual({ built: true });
  });

  it('waits for a live holder of the lock, then builds', async () => {
    const release = await acquireFileLock(join(outputDir, '.lock'));
    const info = vi.fn();
    const waiting = ensureWebBuild(options({ logger: { info, warn: vi.fn() } }));
    await vi.waitFor(() =>
      expect(info).toHaveBeenCalledWith(expect.stringContaining('waiting for another process')),
    );
    expect(builds).toBe(0);
    await release();
    expect(await waiting).toEqual({ built: true });
    expect(builds).toBe(1);
  });

  it('releases the lock and keeps the served build when a build fails', async () => {
    await ensureWebBuild(options());
    hash = 'b'.repeat(64);
    const failing = () => Promise.reject(new Error('syntax error in home.tsx'));
    await expect(ensureWebBuild(options({ build: failing }))).rejects.toThrow('syntax error in home.tsx');
    expect(existsSync(join(outputDir, '.lock'))).toBe(false);
    expect(await servedBuild()).toContain('build = 1');
  });

  it('fails with one line naming npm run build when there is no build and no build tool', async () => {
    const missing = () => Promise.reject(new WebBuildToolMissing('@react-router/dev is not installed'));
    const error = await ensureWebBuild(options({ build: missing })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('run `npm run build` before removing dev dependencies');
    expect((error as Error).message).not.toContain('\n');
  });

  it('serves the last build, with a warning, when the sources changed but the build tool is gone', async () => {
    await ensureWebBuild(options());
    hash = 'b'.repeat(64);
    const warn = vi.fn();
    const missing = () => Promise.reject(new WebBuildToolMissing('@react-router/dev is not installed'));
    expect(await ensureWebBuild(options({ build: missing, logger: { info: vi.fn(), warn } }))).toEqual({
      built: false,
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(await servedBuild()).toContain('build = 1');
  });
});
