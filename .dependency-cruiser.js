// The dependency direction (requirements#dependency-direction), checked on resolved files so that a
// relative path reaches the same rule as a package name. Run by `npm run lint`.
// @ts-check
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other cannot be read, tested or moved one at a time.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'domain-imports-only-itself',
      severity: 'error',
      comment: 'The domain is pure rules: it imports itself and zod, nothing else of ours or from outside.',
      from: { path: '^packages/domain/' },
      to: { pathNot: ['^packages/domain/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'db-imports-only-domain',
      severity: 'error',
      comment: 'The database package knows the domain and nothing of the apps.',
      from: { path: '^packages/db/' },
      to: { path: '^(apps|packages)/', pathNot: ['^packages/(db|domain)/'] },
    },
    {
      name: 'web-never-db-or-server',
      severity: 'error',
      comment:
        'The web app reaches data through the services the server hands it, never the database or the server itself.',
      from: { path: '^apps/web/' },
      to: { path: ['^packages/db/', '^apps/server/'] },
    },
    {
      name: 'module-through-its-face',
      severity: 'error',
      comment:
        'A server module is reached through its index.ts (requirements#module-faces): another module sees only what it chose to show, never its internals.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'outside-through-module-faces',
      severity: 'error',
      comment:
        'The app, the jobs, the command-line tools, the HTTP layer, the browser tests and the benchmarks reach a server module only through its index.ts (requirements#module-faces).',
      from: { path: '^(apps|packages|e2e|bench)/', pathNot: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index[.]ts$' },
    },
    {
      name: 'session-read-through-http-auth',
      severity: 'error',
      comment:
        'Who a request comes from is read one way, sessionViewer() and the guards of http/auth.ts (requirements#module-faces); only the account routes start and end sessions, and the app names the cookie.',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '^apps/server/src/modules/(accounts|sessions)/',
          '^apps/server/src/http/(auth|context)[.]ts$',
          '^apps/server/src/app[.]ts$',
          '[.]test[.]ts$',
        ],
      },
      to: { path: '^apps/server/src/modules/sessions/' },
    },
    {
      name: 'production-never-test-support',
      severity: 'error',
      comment:
        'Test kits (a test app, planted orders, fake uploads) are for tests: production code never imports them (requirements#module-faces).',
      from: { path: '^(apps|packages)/', pathNot: ['[.]test[.]tsx?$', '(^|/)test-support/'] },
      to: { path: '(^|/)test-support/' },
    },
    {
      name: 'server-only-web-public-face',
      severity: 'error',
      comment:
        "The server sees the web app through its package entry (the services contract) and the build configuration its web loader extends; never the app's other sources.",
      from: { path: '^apps/server/' },
      to: {
        path: '^apps/web/',
        pathNot: ['^apps/web/app/lib/services[.]ts$', '^apps/web/vite[.]config[.]ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)build/', '[.]react-router/', '^packages/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
