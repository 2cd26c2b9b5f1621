import { canConnect, defaultPostgresUrl, defaultRedisUrl } from './services.js';

type Stop = () => Promise<void>;

/**
 * Finds PostgreSQL and Redis for the whole run: DATABASE_URL / REDIS_URL when set, else the local
 * services on their default ports, else testcontainers when a container runtime answers, else it
 * stops with a message that says what to set. Resolved URLs reach test files via env.
 */
export default async function setup() {
  const stops: Stop[] = [];
  const postgres = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? defaultPostgresUrl;
  const redis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? defaultRedisUrl;

  process.env.TEST_POSTGRES_URL = (await canConnect(postgres)) ? postgres : await fromContainer('postgres', stops);
  process.env.TEST_REDIS_URL = (await canConnect(redis)) ? redis : await fromContainer('redis', stops);

  return async () => {
    for (const stop of stops) await stop();
  };
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
