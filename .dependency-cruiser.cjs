/** Architecture rules of ARCHITECTURE.md section 2, checked by `npm run lint:arch` (and in .ci/run). */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports only src/domain and small pure libraries (zod): no node, fastify, kysely, bullmq, react.',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { pathNot: ['^src/domain', '(^|/)node_modules/zod/', '(^|/)node_modules/@zod/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-no-node-builtins',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'platform-imports-no-module',
      comment: 'src/server/platform is below the modules.',
      severity: 'error',
      from: { path: '^src/server/platform' },
      to: { path: ['^src/server/modules', '^src/server/app\\.ts$', '^src/server/jobs\\.ts$', '^src/server/projections\\.ts$'] },
    },
    {
      name: 'modules-meet-through-index',
      comment: "A module reaches another module only through that module's index.ts.",
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/([^/]+)/', pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'app-meets-modules-through-index',
      comment:
        "The app's files (app.ts, modules.ts, jobs.ts, projections.ts, seeds) and the workers reach a module only through its index.ts: its manifest and its door.",
      severity: 'error',
      from: { path: ['^src/server/[^/]+\\.ts$', '^workers/'] },
      to: { path: '^src/server/modules/[^/]+/', pathNot: '^src/server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'workers-no-routes',
      comment: 'workers/ imports job handlers and platform, nothing from routes.',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: ['\\.routes\\.ts$', '^src/server/app\\.ts$', '^src/web'] },
    },
    {
      name: 'web-never-server',
      severity: 'error',
      from: { path: '^src/web' },
      to: { path: ['^src/server', '^workers', '^migrations'] },
    },
    {
      name: 'features-do-not-import-features',
      comment: 'web/app composes features; features never import each other.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'features-only-ui-lib-domain',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'server-never-web',
      severity: 'error',
      from: { path: ['^src/server', '^src/domain', '^workers'] },
      to: { path: '^src/web' },
    },
    {
      name: 'migrations-only-kysely',
      comment: 'Migrations import kysely and their own helpers in migrations/support (the tenancy recipe).',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { pathNot: ['(^|/)node_modules/kysely/', '^migrations/support/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/(domain|server)' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests, and the helpers tests import beside the code (`*.testing.ts`, e.g. src/domain/shared/decider.testing.ts).
    exclude: { path: ['\\.test\\.tsx?$', '\\.testing\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
