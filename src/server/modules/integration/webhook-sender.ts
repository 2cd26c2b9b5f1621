import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Standard Webhooks' secret: `whsec_` and the base64 of 32 random bytes (the HMAC key). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/**
 * The `webhook-signature` of a message (Standard Webhooks): `v1,` and the base64 HMAC-SHA256, keyed
 * with the secret's base64-decoded part, of `<id>.<timestamp>.<body>` (timestamp in seconds).
 */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** Networks no delivery ever goes to (issue 31, SSRF): private, link-local (cloud metadata), shared, reserved. */
const forbiddenNetworks = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbiddenNetworks.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  forbiddenNetworks.addSubnet(network, bits, 'ipv6');
}
const loopbackNetworks = new BlockList();
loopbackNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
loopbackNetworks.addAddress('::1', 'ipv6');

/** What an address is to a delivery: loopback, forbidden (private, link-local, metadata, ...) or public. */
export function addressKind(address: string): 'loopback' | 'forbidden' | 'public' {
  const family = isIP(address);
  if (family === 0) return 'forbidden';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return addressKind(mapped);
  if (loopbackNetworks.check(address, type)) return 'loopback';
  return forbiddenNetworks.check(address, type) ? 'forbidden' : 'public';
}

/** Where deliveries may go: loopback only outside production (`WEBHOOK_ALLOW_LOOPBACK`). */
export interface WebhookNetworkPolicy {
  allowLoopback: boolean;
}

const addressAllowed = (address: string, policy: WebhookNetworkPolicy) => {
  const kind = addressKind(address);
  return kind === 'public' || (kind === 'loopback' && policy.allowLoopback);
};

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
const isLoopbackHost = (host: string) => host === 'localhost' || host.endsWith('.localhost') || addressKind(host) === 'loopback';

/**
 * Why a URL cannot be an endpoint, as a validation message key, or null: http only to loopback (and
 * loopback only where allowed: outside production), never an address that is not public.
 */
export function webhookUrlRefusal(text: string, policy: WebhookNetworkPolicy): string | null {
  const url = new URL(text);
  const host = hostOf(url);
  if (isLoopbackHost(host)) return policy.allowLoopback ? null : 'validation.webhookUrlAddress';
  if (url.protocol !== 'https:') return 'validation.webhookUrlHttps';
  if (isIP(host) !== 0 && !addressAllowed(host, policy)) return 'validation.webhookUrlAddress';
  return null;
}

/** How a name is resolved to all its addresses (`dns.lookup` with `all: true`; tests pass their own). */
export type ResolveAll = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: ResolveAll = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** A name lookup that answers only addresses a delivery may go to: checked at send time, on the address connected to. */
export function guardedLookup(policy: WebhookNetworkPolicy, resolve: ResolveAll = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    resolve(hostname, { all: true, family }, (error, found) => {
      if (error) return callback(error, '', 0);
      const refused = found.find((entry) => !addressAllowed(entry.address, policy));
      if (refused || found.length === 0) {
        const reason = Object.assign(new Error(`refused address ${refused?.address ?? 'none'} of ${hostname}`), { code: 'WEBHOOK_ADDRESS_REFUSED' });
        return callback(reason, '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, found);
      callback(null, found[0].address, found[0].family);
    });
  };
}

/** Limits of one delivery: the receiver answers within `timeoutMs`, and no more than `maxResponseBytes` of it is read. */
export const webhookSendLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 } as const;

export interface WebhookMessage {
  url: string;
  secret: string;
  id: string;
  /** Seconds since the epoch, the `webhook-timestamp`. */
  timestamp: number;
  body: string;
}

export interface WebhookOutcome {
  ok: boolean;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Idle pooled connections close after this long: below the 5 s most servers keep an idle connection. */
const IDLE_CONNECTION_MS = 4_000;

interface PooledAgents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * Keep-alive connection pools, one per network policy and resolver: every new connection asks the
 * guarded lookup, so a pooled connection goes to an address that was checked when it opened.
 */
const pools = new WeakMap<ResolveAll, Map<boolean, PooledAgents>>();

function pooledAgents(policy: WebhookNetworkPolicy, resolve: ResolveAll): PooledAgents {
  const byPolicy = pools.get(resolve) ?? pools.set(resolve, new Map()).get(resolve)!;
  const found = byPolicy.get(policy.allowLoopback);
  if (found) return found;
  const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS, lookup: guardedLookup(policy, resolve) };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  byPolicy.set(policy.allowLoopback, agents);
  return agents;
}

/**
 * Sends one message: a POST of the JSON body with the Standard Webhooks headers, over a pooled
 * keep-alive connection. A 2xx answer is a delivery; anything else (another status, a refused
 * address, no connection, a timeout) a failure. Redirects are not followed. The answer's body is read
 * up to the cap and dropped. A pooled connection the receiver closed just as it was reused is
 * retried once on a new one (the receiver deduplicates by the message id).
 */
export function sendWebhook(
  message: WebhookMessage,
  policy: WebhookNetworkPolicy,
  options: { resolve?: ResolveAll; timeoutMs?: number } = {},
): Promise<WebhookOutcome> {
  const started = performance.now();
  const done = (responseCode: number | null, error: string | null): WebhookOutcome => ({
    ok: error === null && responseCode !== null && responseCode >= 200 && responseCode < 300,
    responseCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(message.url);
  const host = hostOf(url);
  if (isIP(host) !== 0 && !addressAllowed(host, policy)) return Promise.resolve(done(null, `refused address ${host}`));
  if (url.protocol !== 'https:' && !(policy.allowLoopback && isLoopbackHost(host))) return Promise.resolve(done(null, 'http is only for loopback'));
  const agents = pooledAgents(policy, options.resolve ?? resolveAll);
  const signal = AbortSignal.timeout(options.timeoutMs ?? webhookSendLimits.timeoutMs);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'shopfloor-console-webhooks/1',
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': webhookSignature(message.secret, message.id, message.timestamp, message.body),
  };
  const attempt = (mayRetry: boolean) =>
    new Promise<WebhookOutcome>((resolve) => {
      const request =
        url.protocol === 'https:'
          ? https.request(url, { method: 'POST', agent: agents.https, signal, headers })
          : http.request(url, { method: 'POST', agent: agents.http, signal, headers });
      request.on('response', (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > webhookSendLimits.maxResponseBytes) response.destroy();
        });
        const finish = () => resolve(done(response.statusCode ?? null, null));
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      });
      request.on('error', (error: Error & { code?: string }) => {
        if (mayRetry && request.reusedSocket && error.code === 'ECONNRESET') return resolve(attempt(false));
        const reason = error.name === 'AbortError' || error.name === 'TimeoutError' ? 'timeout' : error.message;
        resolve(done(null, reason.slice(0, 500)));
      });
      request.end(message.body);
    });
  return attempt(true);
}
