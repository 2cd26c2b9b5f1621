import { defineConfig } from 'vitest/config';

// The whole reliability suite (issue 17, docs/reliability.md): failures of the real services
// (Redis losing its data or restarted with and without persistence, PostgreSQL connections killed,
// a server restarted under live clients or SIGKILLed under writes, two instances with live clients
// on each, a worker killed mid-PDF or mid-mail). `npm run test:reliability`; the fast, deterministic part (`*.ci.test.ts`)
// also runs in `npm test`. One file at a time: the probes kill and restart processes.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
