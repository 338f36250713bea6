import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverSource = join(import.meta.dirname, '..');

// Refuses the build tools (dev dependencies, gone after npm ci --omit=dev) at module load.
const BLOCK_HOOKS = `
export async function resolve(specifier, context, next) {
  if (/^(?:vite|@react-router\\/dev)(?:\\/|$)/.test(specifier)) {
    throw new Error('dev dependency loaded at start: ' + specifier + ' from ' + context.parentURL);
  }
  return next(specifier, context);
}
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'production-imports-'));
  await writeFile(join(dir, 'block-hooks.mjs'), BLOCK_HOOKS);
  await writeFile(
    join(dir, 'block.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'block-hooks.mjs')).href)});\n`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('production start', () => {
  it('loads everything main.ts and the start it loads import without vite or @react-router/dev', async () => {
    const sources = await Promise.all(
      ['main.ts', 'start.ts'].map((file) => readFile(join(serverSource, file), 'utf8')),
    );
    const specifiers = sources.flatMap((source) =>
      [...source.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)].map((m) => m[1] ?? ''),
    );
    expect(specifiers).toContain('@marketplace/db/prepare');
    expect(specifiers).toContain('./web/production.ts');
    const urls = specifiers.map((s) => (s.startsWith('.') ? pathToFileURL(join(serverSource, s)).href : s));
    const script = urls.map((url) => `await import(${JSON.stringify(url)});`).join('\n');
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        pathToFileURL(join(dir, 'block.mjs')).href,
        '--input-type=module',
        '-e',
        `${script}\nconsole.log('loaded');`,
      ],
      { cwd: serverSource, timeout: 60_000 },
    );
    expect(stdout.trim()).toBe('loaded');
  }, 60_000);
});
