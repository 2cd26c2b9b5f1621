import { sql, type OnConflictBuilder } from 'kysely';
import type { WebhookEventType } from '../../../domain/integration/webhooks.schema.js';
import type { Executor, Tables } from '../../platform/db.js';
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

/** The delivery log keeps the latest attempt per message and counts them. */
const latestAttempt = (conflict: OnConflictBuilder<Tables, 'webhook_deliveries'>) =>
  conflict.columns(['endpoint_id', 'id']).doUpdateSet((eb) => ({
    status: eb.ref('excluded.status'),
    attempts: sql<number>`webhook_deliveries.attempts + 1`,
    response_code: eb.ref('excluded.response_code'),
    error: eb.ref('excluded.error'),
    duration_ms: eb.ref('excluded.duration_ms'),
    last_attempt_at: eb.ref('excluded.last_attempt_at'),
    next_attempt_at: eb.ref('excluded.next_attempt_at'),
  }));

const deliveryRow = (attempt: WebhookAttempt) => ({
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
});

/** The delivery log's columns with their SQL types (a statement's parameters in a select list need them). */
const deliveryColumnTypes = {
  id: 'text',
  endpoint_id: 'uuid',
  company_id: 'uuid',
  global_position: 'bigint',
  event_type: 'text',
  status: 'text',
  attempts: 'integer',
  response_code: 'integer',
  error: 'text',
  duration_ms: 'integer',
  first_attempt_at: 'timestamptz',
  last_attempt_at: 'timestamptz',
  next_attempt_at: 'timestamptz',
} as const satisfies Record<keyof ReturnType<typeof deliveryRow>, string>;
const deliveryColumns = Object.keys(deliveryColumnTypes) as (keyof typeof deliveryColumnTypes)[];

export async function recordWebhookAttempt(db: Executor, attempt: WebhookAttempt): Promise<void> {
  await db.insertInto('webhook_deliveries').values(deliveryRow(attempt)).onConflict(latestAttempt).execute();
}

/** Which run holds the endpoint and where it stood when the message was read: a cursor move is conditional on both. */
export interface WebhookRunHold {
  endpointId: string;
  run: number;
  from: Cursor;
}

/**
 * A delivered message in one statement (no transaction of its own): the cursor moves past it and the
 * run's lease is renewed, only while the run holds the endpoint and nobody (a replay) moved the cursor;
 * the attempt is logged only if the cursor moved (not while the endpoint is paused). True when it did.
 */
export async function recordWebhookDelivered(db: Executor, hold: WebhookRunHold, to: Cursor, leaseUntil: Date, attempt: WebhookAttempt): Promise<boolean> {
  const row = deliveryRow(attempt);
  const result = await db
    .with('moved', (qb) =>
      qb
        .updateTable('webhook_endpoints')
        .set({ cursor_tx_id: to.txId, cursor_position: to.position, consecutive_failures: 0, next_attempt_at: null, lease_until: leaseUntil })
        .where('id', '=', hold.endpointId)
        .where('runs', '=', hold.run)
        .where('status', '=', 'active')
        .where('cursor_tx_id', '=', hold.from.txId)
        .where('cursor_position', '=', String(hold.from.position))
        .returning('id'),
    )
    .insertInto('webhook_deliveries')
    .columns(deliveryColumns)
    .expression((eb) => eb.selectFrom('moved').select(deliveryColumns.map((column) => eb.cast(eb.val(row[column]), deliveryColumnTypes[column]).as(column))))
    .onConflict(latestAttempt)
    .returning('id')
    .execute();
  return result.length > 0;
}
