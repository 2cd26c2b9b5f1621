import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL starting with ${protocols.join(' or ')}//`)
      .optional(),
  );

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  SMTP_FROM: z.preprocess(emptyToUndefined, z.string().default('Shopfloor Console <no-reply@localhost>')),
  CHROME_PATH: z.preprocess(emptyToUndefined, z.string().optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  MASTER_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  MASTER_PASSWORD: z.preprocess(emptyToUndefined, z.string().optional()),
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  MATERIAL_IMAGE_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(512 * 1024 * 1024).default(512 * 1024 * 1024)),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  redisUrl?: string;
  dataDir: string;
  jwtSecret: string;
  smtpUrl?: string;
  smtpFrom: string;
  chromePath?: string;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  masterEmail?: string;
  masterPassword?: string;
  seedDemo: boolean;
  /** Largest material image accepted, in bytes (spec: 512 MB; lower it to save disk). */
  materialImageMaxBytes: number;
}

/** A configuration value is wrong; the message names the variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads the JWT secret kept in DATA_DIR, creating it once when absent. */
function persistentJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * Parses and validates the environment once. Throws ConfigError naming the first bad variable.
 * Only what the caller passes is read, so tests can build a config without touching process.env.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistentJwtSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    chromePath: e.CHROME_PATH,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    masterEmail: e.MASTER_EMAIL,
    masterPassword: e.MASTER_PASSWORD,
    seedDemo: e.SEED_DEMO === 'true',
    materialImageMaxBytes: e.MATERIAL_IMAGE_MAX_BYTES,
  };
}
