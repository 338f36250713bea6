import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

// The rules `npm run lint` applies (requirements#dependency-direction), run on a small tree laid out
// like the repository, so that each planted import is the only thing that can break a rule.

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

function plant(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function broken(files: Record<string, string>): Promise<string[]> {
  return cruised(plant(files));
}

const lintOptions = extractDepcruiseOptions(
  fileURLToPath(new URL('../.dependency-cruiser.js', import.meta.url)),
);

async function cruised(baseDir: string): Promise<string[]> {
  // the repository's tsconfig.json does not describe the planted tree
  const { tsConfig: _tsConfig, ...options } = await lintOptions;
  const folders = ['apps', 'packages'].filter((folder) => existsSync(join(baseDir, folder)));
  const { output } = await cruise(folders, { ...options, baseDir });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const dbIndex = { 'packages/db/src/index.ts': 'export const db = 1;\n' };

describe('dependency rules', () => {
  it('refuses a web route that reaches the database package by a relative path', async () => {
    const violations = await broken({
      ...dbIndex,
      'apps/web/app/routes/planted.tsx':
        "import { db } from '../../../../packages/db/src/index.ts';\nexport const planted = db;\n",
    });
    expect(violations).toEqual([
      'web-never-db-or-server: apps/web/app/routes/planted.tsx -> packages/db/src/index.ts',
    ]);
  });

  it('refuses a web route that reaches the database package by its name', async () => {
    const baseDir = plant({
      ...dbIndex,
      'packages/db/package.json': JSON.stringify({
        name: '@marketplace/db',
        exports: { '.': './src/index.ts' },
      }),
      'apps/web/app/routes/planted.tsx':
        "import { db } from '@marketplace/db';\nexport const planted = db;\n",
    });
    mkdirSync(join(baseDir, 'node_modules/@marketplace'), { recursive: true });
    symlinkSync(join(baseDir, 'packages/db'), join(baseDir, 'node_modules/@marketplace/db'));
    expect(await cruised(baseDir)).toEqual([
      'web-never-db-or-server: apps/web/app/routes/planted.tsx -> packages/db/src/index.ts',
    ]);
  });

  it('refuses a web route that reaches the server by a relative path', async () => {
    const violations = await broken({
      'apps/server/src/app.ts': 'export const app = 1;\n',
      'apps/web/app/routes/planted.tsx':
        "import { app } from '../../../server/src/app.ts';\nexport const planted = app;\n",
    });
    expect(violations).toEqual([
      'web-never-db-or-server: apps/web/app/routes/planted.tsx -> apps/server/src/app.ts',
    ]);
  });

  it('refuses two modules that import each other, even for types only', async () => {
    const violations = await broken({
      'apps/server/src/modules/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'apps/server/src/modules/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
    });
    expect(violations).toEqual(['no-circular: apps/server/src/modules/a.ts -> apps/server/src/modules/b.ts']);
  });

  it('refuses the domain importing the database, and the database importing the server', async () => {
    const violations = await broken({
      ...dbIndex,
      'apps/server/src/app.ts': 'export const app = 1;\n',
      'packages/domain/src/rule.ts': "import { db } from '../../db/src/index.ts';\nexport const rule = db;\n",
      'packages/db/src/schema.ts':
        "import { app } from '../../../apps/server/src/app.ts';\nexport const schema = app;\n",
    });
    expect(violations.sort()).toEqual([
      'db-imports-only-domain: packages/db/src/schema.ts -> apps/server/src/app.ts',
      'domain-imports-only-itself: packages/domain/src/rule.ts -> packages/db/src/index.ts',
    ]);
  });

  it('lets the server read the web package only through its services contract', async () => {
    const violations = await broken({
      'apps/web/app/lib/services.ts': 'export type Services = { n: number };\n',
      'apps/web/app/routes/home.tsx': 'export const home = 1;\n',
      'apps/server/src/ok.ts':
        "import type { Services } from '../../web/app/lib/services.ts';\nexport type Ok = Services;\n",
      'apps/server/src/bad.ts':
        "import { home } from '../../web/app/routes/home.tsx';\nexport const bad = home;\n",
    });
    expect(violations).toEqual([
      'server-only-web-public-face: apps/server/src/bad.ts -> apps/web/app/routes/home.tsx',
    ]);
  });

  it('lets a server module reach another only through its index.ts, and its own files freely', async () => {
    const violations = await broken({
      'apps/server/src/modules/orders/index.ts': "export { placeOrder } from './place-order.ts';\n",
      'apps/server/src/modules/orders/place-order.ts':
        "import { takeStock } from '../inventory/index.ts';\nexport const placeOrder = takeStock;\n",
      'apps/server/src/modules/inventory/index.ts': "export { takeStock } from './stock.ts';\n",
      'apps/server/src/modules/inventory/stock.ts': 'export const takeStock = 1;\n',
      'apps/server/src/modules/inventory/stock.int.test.ts':
        "import { takeStock } from './stock.ts';\nexport const tested = takeStock;\n",
      'apps/server/src/modules/cart/service.ts':
        "import { takeStock } from '../inventory/stock.ts';\nexport const cart = takeStock;\n",
      'apps/server/src/modules/cart/cart.int.test.ts':
        "import { placeOrder } from '../orders/place-order.ts';\nexport const tested = placeOrder;\n",
    });
    expect(violations.sort()).toEqual([
      'module-through-its-face: apps/server/src/modules/cart/cart.int.test.ts -> apps/server/src/modules/orders/place-order.ts',
      'module-through-its-face: apps/server/src/modules/cart/service.ts -> apps/server/src/modules/inventory/stock.ts',
    ]);
  });

  it('lets the app and the HTTP layer reach a server module only through its index.ts', async () => {
    const violations = await broken({
      'apps/server/src/modules/sessions/index.ts': "export { findSessionUser } from './sessions.ts';\n",
      'apps/server/src/modules/sessions/sessions.ts': 'export const findSessionUser = 1;\n',
      'apps/server/src/app.ts':
        "import { findSessionUser } from './modules/sessions/index.ts';\nexport const app = findSessionUser;\n",
      'apps/server/src/http/auth.ts':
        "import { findSessionUser } from '../modules/sessions/sessions.ts';\nexport const auth = findSessionUser;\n",
    });
    expect(violations).toEqual([
      'outside-through-module-faces: apps/server/src/http/auth.ts -> apps/server/src/modules/sessions/sessions.ts',
    ]);
  });

  it('keeps the test kits out of production code, tests may use them', async () => {
    const violations = await broken({
      'apps/server/test-support/testing.ts': 'export const createTestApp = 1;\n',
      'apps/server/src/app.int.test.ts':
        "import { createTestApp } from '../test-support/testing.ts';\nexport const tested = createTestApp;\n",
      'apps/server/src/main.ts':
        "import { createTestApp } from '../test-support/testing.ts';\nexport const main = createTestApp;\n",
    });
    expect(violations).toEqual([
      'production-never-test-support: apps/server/src/main.ts -> apps/server/test-support/testing.ts',
    ]);
  });

  it('reads the session only through the HTTP guards, never from a page service', async () => {
    const violations = await broken({
      'apps/server/src/modules/sessions/index.ts': 'export const findSessionUser = 1;\n',
      'apps/server/src/http/auth.ts':
        "import { findSessionUser } from '../modules/sessions/index.ts';\nexport const sessionViewer = findSessionUser;\n",
      'apps/server/src/modules/catalog/index.ts': "export { home } from './home.ts';\n",
      'apps/server/src/modules/catalog/home.ts':
        "import { sessionViewer } from '../../http/auth.ts';\nexport const home = sessionViewer;\n",
      'apps/server/src/modules/catalog/listing.ts':
        "import { findSessionUser } from '../sessions/index.ts';\nexport const listing = findSessionUser;\n",
    });
    expect(violations).toEqual([
      'session-read-through-http-auth: apps/server/src/modules/catalog/listing.ts -> apps/server/src/modules/sessions/index.ts',
    ]);
  });
});
