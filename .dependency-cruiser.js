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
