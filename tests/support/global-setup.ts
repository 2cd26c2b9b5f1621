import type { TestProject } from 'vitest/node';
import { createTemplateDatabase } from './database.js';
import { launchSharedChromium } from './shared-chromium.js';
import { canConnect, defaultPostgresUrl, defaultRedisUrl, testPostgresUrl } from './services.js';

type Stop = () => Promise<void>;

/** What one run shares across its projects (vitest calls this setup once per project, in one process). */
const shared = globalThis as typeof globalThis & { shopfloorTestRun?: { template?: boolean; chromium?: boolean } };

/**
 * Finds PostgreSQL and Redis for the whole run: DATABASE_URL / REDIS_URL when set, else the local
 * services on their default ports, else testcontainers when a container runtime answers, else it
 * stops with a message that says what to set. Resolved URLs reach test files via env.
 *
 * For a project on PostgreSQL it migrates one template database per run (its name unique per run, dropped
 * at the end), which `createTestDatabase` clones instead of migrating per file; for the browser project it
 * starts one Chromium that every browser file connects to instead of launching its own.
 */
export default async function setup(project: TestProject) {
  const stops: Stop[] = [];
  const postgres = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? defaultPostgresUrl;
  const redis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? defaultRedisUrl;

  process.env.TEST_POSTGRES_URL = (await canConnect(postgres)) ? postgres : await fromContainer('postgres', stops);
  process.env.TEST_REDIS_URL = (await canConnect(redis)) ? redis : await fromContainer('redis', stops);

  const run = (shared.shopfloorTestRun ??= {});
  if (usesDatabase(project) && !run.template) {
    run.template = true;
    const template = await createTemplateDatabase(testPostgresUrl());
    process.env.TEST_TEMPLATE_DATABASE = template.name;
    stops.push(template.drop);
  }
  if (project.name === 'browser' && !run.chromium) {
    run.chromium = true;
    const browser = await launchSharedChromium();
    if (browser.wsEndpoint) process.env.TEST_CHROMIUM_WS = browser.wsEndpoint;
    stops.push(browser.close);
  }

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

/**
 * Every project but the unit tests opens databases. The root of a config with projects runs this setup too
 * (vitest always does), but its tests run in the projects: it makes nothing.
 */
function usesDatabase(project: TestProject): boolean {
  if (project.name === 'unit') return false;
  const isRootOfProjects = project.isRootProject() && project.vitest.projects.some((other) => other !== project);
  return !isRootOfProjects;
}

async function fromContainer(service: 'postgres' | 'redis', stops: Stop[]): Promise<string> {
  const hint =
    service === 'postgres'
      ? 'Set DATABASE_URL to a PostgreSQL 15+ server (a superuser, e.g. postgres://postgres@127.0.0.1:5432/postgres), or run scripts/test-services.sh as root.'
      : 'Set REDIS_URL to a Redis 7 server (e.g. redis://127.0.0.1:6379), or run scripts/test-services.sh as root.';
  let testcontainers: typeof import('testcontainers');
  try {
    testcontainers = await import('testcontainers');
  } catch {
    throw new Error(`No ${service} reachable and testcontainers is not installed. ${hint}`);
  }
  try {
    if (service === 'postgres') {
      const container = await new testcontainers.GenericContainer('postgres:16-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .withWaitStrategy(testcontainers.Wait.forLogMessage(/ready to accept connections/, 2))
        .start();
      stops.push(async () => void (await container.stop()));
      return `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
    }
    const container = await new testcontainers.GenericContainer('redis:7-alpine')
      .withCommand(['redis-server', '--maxmemory-policy', 'noeviction'])
      .withExposedPorts(6379)
      .start();
    stops.push(async () => void (await container.stop()));
    return `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  } catch (error) {
    throw new Error(`No ${service} reachable and no container runtime answered (${(error as Error).message}). ${hint}`, { cause: error });
  }
}
