import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { acquireFileLock } from '../file-lock.ts';
import { precompressRelease } from './precompress.ts';

export const repositoryRoot = resolve(import.meta.dirname, '../../../..');
export const webRoot = join(repositoryRoot, 'apps/web');
/**
 * React Router's build folder. While building it holds the new `client/` and `server/`; each
 * finished build moves to `releases/<id>/`, and `current` (a symbolic link switched in one rename)
 * names the one to serve, so a reader never sees a half-written build.
 */
export const webOutputDir = join(webRoot, 'build');
/** The web build the server serves: always complete. */
export const webBuildDir = join(webOutputDir, 'current');
const HASH_FILE = '.source-hash';

// Everything the browser bundle and the server render are built from.
const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/sw.vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'apps/server/src/web/vite.build.config.ts',
  'packages/domain/src',
  'package-lock.json',
];

async function listFiles(path: string): Promise<string[]> {
  if (!existsSync(path)) return [];
  const entries = await readdir(path, { withFileTypes: true, recursive: true }).catch(() => null);
  if (!entries) return [path]; // a file
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** A hash of the web app's sources: the build is reused until one of them changes. */
export function webSourceHash(): Promise<string> {
  return sourceHash(SOURCES);
}

/** A hash of the files under `sources` (paths from the repository's root), tests left out. */
export async function sourceHash(sources: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(sources.map((s) => listFiles(join(repositoryRoot, s))))).flat().sort();
  for (const file of files) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    hash
      .update(file.slice(repositoryRoot.length))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Thrown by a build when its tool is not installed (an install without dev dependencies). */
export class WebBuildToolMissing extends Error {}

/**
 * Runs `react-router build`, which writes `client/` and `server/` into the web app's build folder,
 * then builds the service worker into `client/sw.js` (requirements#pwa).
 */
export async function buildWithReactRouter(outputDir: string): Promise<void> {
  if (resolve(outputDir) !== webOutputDir) throw new Error(`React Router builds into ${webOutputDir} only`);
  let bin: string;
  let viteBin: string;
  try {
    const require = createRequire(join(webRoot, 'package.json'));
    // the package exports no bin path; its CLI sits beside dist/
    bin = join(dirname(require.resolve('@react-router/dev/config')), '..', 'bin.js');
    viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    throw new WebBuildToolMissing('@react-router/dev is not installed');
  }
  // this config keeps the build folder (releases, lock) instead of emptying it
  await runBuild([bin, 'build', webRoot, '--config', join(import.meta.dirname, 'vite.build.config.ts')]);
  await runBuild([viteBin, 'build', '--config', join(webRoot, 'sw.vite.config.ts')]);
}

/** Runs one build command in a child process at a lower priority, failing with its output's end. */
async function runBuild(args: string[]): Promise<void> {
  await new Promise<void>((done, fail) => {
    let output = '';
    const child = spawn(process.execPath, args, {
      cwd: webRoot,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // the build yields the cores to the start's seeding, which is what the first page waits for
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // not permitted here: the build runs at the server's own priority
      }
    }
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`web build failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

export type EnsureWebBuildOptions = {
  logger?: { info(message: string): void; warn(message: string): void };
  /** Build even when the current build matches the sources (`npm run build`). */
  force?: boolean;
  /** The build folder (tests use a temporary one). */
  outputDir?: string;
  sourceHash?: () => Promise<string>;
  /** Writes `client/` and `server/index.js` into the folder it is given. */
  build?: (outputDir: string) => Promise<void>;
  /**
   * Precompress the scripts and styles before publishing the build (default). A first start
   * publishes at once and precompresses after, while it serves (precompressRelease).
   */
  precompress?: boolean;
  /** Called once the build runs in its child process, or once none is needed (a start seeds meanwhile). */
  onUnderway?: () => void;
};

async function builtHash(buildDir: string): Promise<string | undefined> {
  if (!existsSync(join(buildDir, 'server/index.js'))) return undefined;
  return (await readFile(join(buildDir, HASH_FILE), 'utf8').catch(() => '')).trim() || undefined;
}

/**
 * Builds the web app when there is no build or its sources changed since (`npm start` builds once),
 * and always with `force` (`npm run build`). One process builds at a time: the others wait for
 * its lock, then find the build made. Scripts and styles are precompressed (brotli and gzip) as
 * part of the build.
 */
export async function ensureWebBuild(options: EnsureWebBuildOptions = {}): Promise<{ built: boolean }> {
  const {
    logger,
    force = false,
    outputDir = webOutputDir,
    sourceHash = webSourceHash,
    build = buildWithReactRouter,
    precompress = true,
    onUnderway = () => undefined,
  } = options;
  const currentDir = join(outputDir, 'current');
  const wanted = await sourceHash();
  if (!force && (await builtHash(currentDir)) === wanted) {
    onUnderway();
    return { built: false };
  }
  await mkdir(outputDir, { recursive: true });
  const release = await acquireFileLock(join(outputDir, '.lock'), {
    onWait: (holder) =>
      logger?.info(`waiting for another process building the web app${holder ? ` (pid ${holder.pid})` : ''}`),
  });
  try {
    // the process that held the lock may have just built the same sources
    if (!force && (await builtHash(currentDir)) === wanted) {
      onUnderway();
      return { built: false };
    }
    logger?.info(force ? 'building the web app' : 'building the web app (once, until its sources change)');
    const started = performance.now();
    // what an interrupted build or the folder's earlier layout left behind
    for (const leftover of ['client', 'server', HASH_FILE]) {
      await rm(join(outputDir, leftover), { recursive: true, force: true });
    }
    try {
      const building = build(outputDir); // the child process starts here, before the first await
      onUnderway();
      await building;
    } catch (error) {
      if (!(error instanceof WebBuildToolMissing)) throw error;
      if (!(await builtHash(currentDir))) {
        throw new Error(
          'the web app is not built and its build tool is not installed: run `npm run build` before removing dev dependencies (npm ci --omit=dev)',
        );
      }
      logger?.warn(
        'the web app changed since it was built and its build tool is not installed: serving the last build',
      );
      return { built: false };
    }
    const id = `${wanted.slice(0, 12)}-${Date.now().toString(36)}`;
    const releaseDir = join(outputDir, 'releases', id);
    await mkdir(releaseDir, { recursive: true });
    await rename(join(outputDir, 'client'), join(releaseDir, 'client'));
    await rename(join(outputDir, 'server'), join(releaseDir, 'server'));
    const compressed = precompress ? await precompressRelease(releaseDir) : null;
    await writeFile(join(releaseDir, HASH_FILE), wanted);
    const previous = await switchCurrent(outputDir, `releases/${id}`);
    await pruneReleases(outputDir, [id, previous]);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    logger?.info(
      compressed
        ? `web app built in ${seconds} s; ${compressed.files} files precompressed, ${kb(compressed.bytes)} to ${kb(compressed.brotliBytes)} with brotli`
        : `web app built in ${seconds} s`,
    );
    return { built: true };
  } finally {
    await release();
  }
}

/** Points `current` at the new release in one rename; returns the release it named before. */
async function switchCurrent(outputDir: string, target: string): Promise<string | undefined> {
  const current = join(outputDir, 'current');
  const previous = await readlink(current).then(
    (link) => basename(link),
    () => undefined,
  );
  const next = join(outputDir, `.current-${process.pid}-${Date.now().toString(36)}`);
  // a junction on Windows, where plain symbolic links need extra rights
  await symlink(target, next, 'junction');
  try {
    await rename(next, current);
  } catch {
    // Windows renames no link over another: replace it in two steps there
    await rm(current, { recursive: true, force: true });
    await rename(next, current);
  }
  return previous;
}

/** Keeps the new release and the one before it (a server started earlier may still serve it). */
async function pruneReleases(outputDir: string, keep: (string | undefined)[]): Promise<void> {
  const releasesDir = join(outputDir, 'releases');
  for (const name of await readdir(releasesDir)) {
    if (!keep.includes(name)) await rm(join(releasesDir, name), { recursive: true, force: true });
  }
}
