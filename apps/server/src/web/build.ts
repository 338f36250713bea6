import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from 'pino';

export const repositoryRoot = resolve(import.meta.dirname, '../../../..');
export const webRoot = join(repositoryRoot, 'apps/web');
export const webBuildDir = join(webRoot, 'build');
const HASH_FILE = join(webBuildDir, '.source-hash');

// Everything the browser bundle and the server render are built from.
const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
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
export async function webSourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(SOURCES.map((s) => listFiles(join(repositoryRoot, s))))).flat().sort();
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

/** Builds the web app when its sources changed since the last build (`npm start` builds once). */
export async function ensureWebBuild(logger?: Pick<Logger, 'info'>): Promise<{ built: boolean }> {
  const wanted = await webSourceHash();
  const current = existsSync(HASH_FILE) ? (await readFile(HASH_FILE, 'utf8')).trim() : '';
  if (current === wanted && existsSync(join(webBuildDir, 'server/index.js'))) return { built: false };
  logger?.info('building the web app (once, until its sources change)');
  const started = performance.now();
  // the package exports no bin path; its CLI sits beside dist/
  const bin = join(
    dirname(createRequire(join(webRoot, 'package.json')).resolve('@react-router/dev/config')),
    '..',
    'bin.js',
  );
  await new Promise<void>((done, fail) => {
    let output = '';
    const child = spawn(process.execPath, [bin, 'build'], {
      cwd: webRoot,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`web build failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
  await writeFile(HASH_FILE, wanted);
  logger?.info({ buildMs: Math.round(performance.now() - started) }, 'web app built');
  return { built: true };
}
