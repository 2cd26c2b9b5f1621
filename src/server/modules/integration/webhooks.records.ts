import { sql } from 'kysely';
import type { WebhookEventType } from '../../../domain/integration/webhooks.schema.js';
import type { Executor } from '../../platform/db.js';
import type { Cursor } from '../../platform/event-store.js';
import type { WebhookEndpointsTable } from './webhooks.tables.js';

export interface NewWebhookEndpoint {
  id: string;
  companyId: string;
  url: string;
  description: string;
  eventTypes: readonly WebhookEventType[];
  secretSealed: string;
  cursor: Cursor;
  createdAt: Date;
}

export async function insertWebhookEndpoint(db: Executor, endpoint: NewWebhookEndpoint): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: endpoint.id,
      company_id: endpoint.companyId,
      url: endpoint.url,
      description: endpoint.description,
      event_types: JSON.stringify(endpoint.eventTypes),
      secret_sealed: endpoint.secretSealed,
      status: 'active',
      paused_reason: null,
      cursor_tx_id: endpoint.cursor.txId,
      cursor_position: endpoint.cursor.position,
      consecutive_failures: 0,
      next_attempt_at: null,
      lease_until: null,
      runs: 0,
      created_at: endpoint.createdAt,
    })
    .execute();
}

type EndpointChange = Partial<Pick<WebhookEndpointsTable, 'status' | 'paused_reason' | 'consecutive_failures' | 'next_attempt_at'>> & {
  eventTypes?: readonly WebhookEventType[];
  cursor?: Cursor;
};

/** Changes an endpoint's settings or state (the owner's actions, a delivery's outcome). */
export async function updateWebhookEndpoint(db: Executor, endpointId: string, change: EndpointChange): Promise<void> {
  const { eventTypes, cursor, ...rest } = change;
  await db
    .updateTable('webhook_endpoints')
    .set({
      ...rest,
      ...(eventTypes ? { event_types: JSON.stringify(eventTypes) } : {}),
      ...(cursor ? { cursor_tx_id: cursor.txId, cursor_position: cursor.position } : {}),
    })
    .where('id', '=', endpointId)
    .execute();
}

export async function deleteWebhookEndpoint(db: Executor, endpointId: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', endpointId).execute();
}

/** One attempt of a message: the delivery log keeps the latest per message (`attempts` counts them). */
export interface WebhookAttempt {
  id: string;
  endpointId: string;
  companyId: string;
  position: number;
  eventType: string;
  status: 'delivered' | 'retrying' | 'failed';
  responseCode: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
  nextAttemptAt: Date | null;
}

export async function recordWebhookAttempt(db: Executor, attempt: WebhookAttempt): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: attempt.id,
      endpoint_id: attempt.endpointId,
      company_id: attempt.companyId,
      global_position: attempt.position,
      event_type: attempt.eventType,
      status: attempt.status,
      attempts: 1,
      response_code: attempt.responseCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      first_attempt_at: attempt.at,
      last_attempt_at: attempt.at,
      next_attempt_at: attempt.nextAttemptAt,
    })
    .onConflict((conflict) =>
      conflict.columns(['endpoint_id', 'id']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        attempts: sql<number>`webhook_deliveries.attempts + 1`,
        response_code: eb.ref('excluded.response_code'),
        error: eb.ref('excluded.error'),
        duration_ms: eb.ref('excluded.duration_ms'),
        last_attempt_at: eb.ref('excluded.last_attempt_at'),
        next_attempt_at: eb.ref('excluded.next_attempt_at'),
      })),
    )
    .execute();
}
