import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'config-test-'));

describe('loadConfig', () => {
  it('runs on one machine with no settings: port 3000, embedded database, in-process jobs', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.dataDir).toBe(dataDir);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('seeds the demo with its documented passwords in development, and in production only when asked, with generated ones (issue 26)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ seedDemo: true, demoPasswords: 'documented' });
    const production = { DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(production)).toMatchObject({ seedDemo: false, demoPasswords: 'generated' });
    expect(loadConfig({ ...production, SEED_DEMO: '' })).toMatchObject({ seedDemo: false });
    expect(loadConfig({ ...production, SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, demoPasswords: 'generated' });
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false' })).toMatchObject({ seedDemo: false });
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
    ['PUBLIC_URL', 'nope'],
    ['MASTER_PASSWORD', 'password'],
    ['BULLMQ_PREFIX', 'bad prefix:1'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    const load = () => loadConfig({ DATA_DIR: tempDir(), [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('never shows a secret or the password inside a URL in its message', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected the configuration to be refused');
    };
    expect(message({ JWT_SECRET: 'too-short-secret' })).toBe('Invalid configuration: JWT_SECRET must be at least 32 characters (got 16 characters, not shown)');
    expect(message({ MASTER_PASSWORD: 'lowercase-only' })).not.toContain('lowercase-only');
    expect(message({ DATABASE_URL: 'mysql://shop:hunter2@db/shop' })).toContain('mysql://shop:***@db/shop');
  });

  it('takes the queue prefix and a master password that meets the rule', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), BULLMQ_PREFIX: 'site-2', MASTER_PASSWORD: 'Operator#2026' });
    expect(config.queuePrefix).toBe('site-2');
    expect(config.masterPassword).toBe('Operator#2026');
    expect(loadConfig({ DATA_DIR: tempDir() }).queuePrefix).toBe('shopfloor');
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it('trusts no proxy unless TRUST_PROXY says which: a boolean, a hop count, or addresses and networks', () => {
    const trustOf = (value?: string) => loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trustOf()).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('true')).toBe(true);
    expect(trustOf('2')).toBe(2);
    // Fastify takes a hop count as the function it would build: the nearest 2 hops are believed.
    const hops = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.2', hop))).toEqual([true, true, false]);
    expect(trustOf('10.0.0.2, 172.16.0.0/12,fd00::/8')).toEqual(['10.0.0.2', '172.16.0.0/12', 'fd00::/8']);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.local', '10.0.0.2,', '-1']) {
      expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY must be false, true, a hop count/);
    }
  });
});
