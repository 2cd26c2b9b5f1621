import type { Config } from '../../platform/config.js';
import { deriveKey } from '../../platform/secrets.js';
import type { WebhookNetworkPolicy } from './webhook-sender.js';

/** What the webhook handlers and the delivery job need beyond the command context. */
export interface WebhookDeps {
  /** Seals and opens the endpoints' signing secrets. */
  sealKey: Buffer;
  policy: WebhookNetworkPolicy;
  retryBaseMs: number;
  pauseAfterFailures: number;
}

export const webhookDepsOf = (
  config: Pick<Config, 'jwtSecret' | 'webhookAllowLoopback' | 'webhookRetryBaseMs' | 'webhookPauseAfterFailures'>,
): WebhookDeps => ({
  sealKey: deriveKey(config.jwtSecret, 'webhook-signing-secrets'),
  policy: { allowLoopback: config.webhookAllowLoopback },
  retryBaseMs: config.webhookRetryBaseMs,
  pauseAfterFailures: config.webhookPauseAfterFailures,
});
