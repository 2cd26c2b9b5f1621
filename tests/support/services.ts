import net from 'node:net';

/** Where the test services are, as resolved by the global setup (env wins, then local defaults). */
export const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
export const defaultRedisUrl = 'redis://127.0.0.1:6379';

export function canConnect(url: string, timeoutMs = 1500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function testPostgresUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: the vitest global setup resolves it (tests/support/global-setup.ts).');
  return url;
}

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: the vitest global setup resolves it (tests/support/global-setup.ts).');
  return url;
}
