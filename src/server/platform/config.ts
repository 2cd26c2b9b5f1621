import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { meetsPasswordRule, PASSWORD_MAX_LENGTH } from '../../domain/identity/password.schema.js';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../domain/integration/api-keys.schema.js';
import { webhookRetryDefaults } from '../../domain/integration/webhooks.rules.js';
import { mediaLimits } from '../../domain/materials/material-media.schema.js';
import { materialLimits } from '../../domain/materials/materials.schema.js';
import { defaultPredictionWindow, parseWorkingTime, type WorkingTime } from '../../domain/orders/prediction.rules.js';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL starting with ${protocols.join(' or ')}//`,
      )
      .optional(),
  );

/** An address (`10.0.0.2`, `::1`) or a network (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrNetwork(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the server are believed about the client's address (`X-Forwarded-For`):
 * `false` none (the default: the peer is the client), `true` every one, a hop count, or the
 * addresses and networks of the proxies. Fastify's `trustProxy` takes each as it is.
 */
export type TrustProxy = boolean | number | string[];

export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrNetwork) ? entries : undefined;
}

/** Fastify's `trustProxy` for a setting (its types leave out the hop count it takes: that becomes the function it uses). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (value) => parseTrustProxy(value) !== undefined,
        'must be false, true, a hop count (1-99) or a comma-separated list of proxy addresses and networks (10.0.0.0/8)',
      )
      .default('false'),
  ),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  SMTP_FROM: z.preprocess(emptyToUndefined, z.string().default('Shopfloor Console <no-reply@localhost>')),
  CHROME_PATH: z.preprocess(emptyToUndefined, z.string().optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  MASTER_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  // The sign-in form applies the password rule, so a master password that breaks it could never sign in.
  MASTER_PASSWORD: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .refine(meetsPasswordRule, 'must meet the password rule: 8 or more characters, an uppercase letter and a special character')
      .optional(),
  ),
  BULLMQ_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w.-]{1,64}$/, "must be 1-64 letters, digits, '.', '-' or '_'")
      .default('shopfloor'),
  ),
  // Unset: the demo is seeded in development, never in production (issue 26).
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  // Bearer token of GET /api/metrics (Prometheus); without it the route answers 404.
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  MATERIAL_MEDIA_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(mediaLimits.fileBytes).default(mediaLimits.fileBytes)),
  // The pdf queue's jobs one worker process runs at once, and the pages its Chromium keeps set up
  // for them (default: as many as jobs run at once). docs/documents.md, Speed.
  PDF_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(32).default(4)),
  PDF_PAGE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  MATERIAL_IMAGE_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(materialLimits.imageBytes).default(materialLimits.imageBytes)),
  // The live feed reads the log at least this often; commit hints (this instance's, and other
  // instances' through PostgreSQL NOTIFY) wake it sooner.
  API_KEY_REQUESTS_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(API_KEY_REQUESTS_PER_MINUTE)),
  WEBHOOK_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(3_600_000).default(webhookRetryDefaults.baseMs)),
  WEBHOOK_PAUSE_AFTER_FAILURES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(webhookRetryDefaults.pauseAfterFailures)),
  WEBHOOK_ALLOW_LOOPBACK: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  LIVE_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(600_000).default(250)),
  // Predicted completion (docs/prediction.md): the median cycle time of a station is taken over its
  // last PREDICTION_WINDOW completions. WORKING_TIME is `<days> <from>-<to> [<IANA time zone>]`, days 0
  // (Sunday) to 6, hours in the zone (UTC when none is named): the working time of every company
  // that has not saved its own (company settings, Advanced settings).
  PREDICTION_WINDOW: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(defaultPredictionWindow)),
  WORKING_TIME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseWorkingTime(value) !== null, 'must read like "1-5 06:00-22:00 Europe/Berlin" (weekdays 0-6, hours, a time zone; UTC when none)')
      .default('1-5 06:00-22:00 Europe/Berlin'),
  ),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The proxies believed about the client's address (`TRUST_PROXY`); rate limits key on that address. */
  trustProxy: TrustProxy;
  databaseUrl?: string;
  redisUrl?: string;
  dataDir: string;
  jwtSecret: string;
  smtpUrl?: string;
  smtpFrom: string;
  chromePath?: string;
  /** Jobs of the pdf queue one worker process runs at once (`PDF_CONCURRENCY`). */
  pdfConcurrency: number;
  /** Set-up Chromium pages kept for prints; prints beyond wait for a page (`PDF_PAGE_POOL_SIZE`, default `pdfConcurrency`). */
  pdfPagePoolSize: number;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  masterEmail?: string;
  masterPassword?: string;
  /** BullMQ key prefix; the server and the worker process must agree on it. */
  queuePrefix: string;
  /** Seed the demo company on an empty database: `SEED_DEMO`, by default only outside production. */
  seedDemo: boolean;
  /**
   * The demo users' passwords: the documented ones (README) in development; generated and shown once
   * in the start-up block in production, where the demo is only seeded when asked for.
   */
  demoPasswords: 'documented' | 'generated';
  /** The bearer token GET /api/metrics asks for (`METRICS_TOKEN`); unset, the route is not there (404). */
  metricsToken?: string;
  /** Largest material image accepted, in bytes (spec: 512 MB; lower it to save disk). */
  materialImageMaxBytes: number;
  /** Bytes of one medium of a material (`MATERIAL_MEDIA_MAX_BYTES`, at most `mediaLimits.fileBytes`). */
  materialMediaMaxBytes: number;
  /** The live feed's poll interval without a commit hint, in ms. */
  livePollMs: number;
  /** Requests one API key may make per minute and server instance (`API_KEY_REQUESTS_PER_MINUTE`). */
  apiKeyRequestsPerMinute: number;
  /** Webhooks: the first retry's wait after a failed delivery, in ms (`WEBHOOK_RETRY_BASE_MS`; doubling, at most 180 times it). */
  webhookRetryBaseMs: number;
  /** Webhooks: failures in a row after which an endpoint is paused and its owner told (`WEBHOOK_PAUSE_AFTER_FAILURES`). */
  webhookPauseAfterFailures: number;
  /** Webhooks may go to loopback addresses, over http too (`WEBHOOK_ALLOW_LOOPBACK`; by default only outside production). */
  webhookAllowLoopback: boolean;
  /** Predicted completion: recent completions per station the median cycle time is taken over. */
  predictionWindow: number;
  /** The working time of a company that has not saved its own (predicted completion, availability). */
  workingTime: WorkingTime;
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

const secretVariables = new Set(['JWT_SECRET', 'MASTER_PASSWORD']);

/** A bad value as the error line shows it: never a secret, nor the password inside a URL. */
function shown(name: string, value: string): string {
  if (secretVariables.has(name)) return `${value.length} characters, not shown`;
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = '***';
      return JSON.stringify(url.toString());
    }
  } catch {
    // not a URL: shown as it is
  }
  return JSON.stringify(value);
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
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${shown(name, env[name] ?? '')})`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistentJwtSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    chromePath: e.CHROME_PATH,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    masterEmail: e.MASTER_EMAIL,
    masterPassword: e.MASTER_PASSWORD,
    queuePrefix: e.BULLMQ_PREFIX,
    seedDemo: (e.SEED_DEMO ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    demoPasswords: e.NODE_ENV === 'production' ? 'generated' : 'documented',
    materialImageMaxBytes: e.MATERIAL_IMAGE_MAX_BYTES,
    materialMediaMaxBytes: e.MATERIAL_MEDIA_MAX_BYTES,
    pdfConcurrency: e.PDF_CONCURRENCY,
    pdfPagePoolSize: e.PDF_PAGE_POOL_SIZE ?? e.PDF_CONCURRENCY,
    livePollMs: e.LIVE_POLL_MS,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    webhookPauseAfterFailures: e.WEBHOOK_PAUSE_AFTER_FAILURES,
    webhookAllowLoopback: (e.WEBHOOK_ALLOW_LOOPBACK ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    predictionWindow: e.PREDICTION_WINDOW,
    workingTime: parseWorkingTime(e.WORKING_TIME) as WorkingTime,
  };
}
