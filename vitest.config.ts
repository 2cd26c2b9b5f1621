import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests beside the code, integration tests on real PostgreSQL and Redis
// (a fresh database per file), browser tests in system Chromium against the built console.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // Files in one worker share the loaded modules instead of loading the console's module graph again per file:
    // measured 28 Nov at load 16-20, the unit project took 318 s isolated and 60 s shared, the integration files
    // spent 1.2 s to 12 s each importing. Nothing in the tests mocks modules or changes the environment
    // (src/test-suite.test.ts checks it); each file still opens its own database and app.
    isolate: false,
    // The teardown drops the run's template database and stops its Chromium: on a loaded machine that takes longer
    // than vitest's 10 s default, which would leave the template behind.
    teardownTimeout: 60_000,
    // The default output, then the ten slowest files (.ci/run names both again beside its JSON report).
    reporters: ['default', './tests/support/slowest-files-reporter.ts'],
    // expect.poll waits for what a job or the live feed brings (a mail, a projection): 1 s, its default, is
    // too short on a loaded 2-core machine, and a poll that gives up early fails a test that is right.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // A hang guard, not a speed check: a component test rendered in 6 s on a loaded machine (CI, 28 Nov).
          testTimeout: 30_000,
          // The console's texts download on demand; unit tests have them all (createI18n is synchronous).
          setupFiles: ['src/web/lib/i18n.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Property-based fuzzing of every route from the OpenAPI document (issue 17): one file, bounded runs.
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The CI subset of the reliability suite (fast, deterministic); all of it: npm run test:reliability.
          name: 'reliability',
          include: ['tests/reliability/**/*.ci.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time keeps a 2-core machine responsive.
          fileParallelism: false,
          // After the other projects: a browser test waits on a live feed and a server in the test's own process, and
          // with integration files loading both cores at once a page took longer than a locator waits (CI, 28 Nov).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
