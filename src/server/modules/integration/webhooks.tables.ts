import type { ColumnType, Selectable } from 'kysely';
import type { WebhookEventType } from '../../../domain/integration/webhooks.schema.js';

/** One webhook endpoint of a company: where it stands in the log, and whether a delivery runs. */
export interface WebhookEndpointsTable {
  id: string;
  company_id: string;
  url: string;
  description: string;
  event_types: ColumnType<WebhookEventType[], string, string>;
  /** The signing secret, sealed (AES-GCM with a key derived from the server secret). */
  secret_sealed: string;
  status: 'active' | 'paused';
  paused_reason: 'manual' | 'failing' | null;
  /** The cursor: the last event given or passed over, in the log's (tx_id, position) order. */
  cursor_tx_id: string;
  cursor_position: ColumnType<string, number | string, number | string>;
  consecutive_failures: number;
  next_attempt_at: Date | null;
  /** While set in the future, a delivery job holds the endpoint: one in flight. */
  lease_until: Date | null;
  /** Delivery jobs started so far: the next job's id. */
  runs: number;
  created_at: Date;
}

/** The latest attempt of one message to one endpoint. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  company_id: string;
  global_position: ColumnType<string, number, number>;
  event_type: string;
  status: 'delivered' | 'retrying' | 'failed';
  attempts: number;
  response_code: number | null;
  error: string | null;
  duration_ms: number | null;
  first_attempt_at: Date;
  last_attempt_at: Date;
  next_attempt_at: Date | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

declare module '../../platform/db.js' {
  interface Tables {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
