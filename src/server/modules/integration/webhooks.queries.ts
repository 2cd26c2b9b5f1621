import { sql } from 'kysely';
import type { WebhookDeliveryList, WebhookEndpointList, WebhookEndpointView } from '../../../domain/integration/webhooks.views.js';
import type { Executor } from '../../platform/db.js';
import type { Cursor } from '../../platform/event-store.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.tables.js';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function webhookEndpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    status: row.status,
    pausedReason: row.status === 'paused' ? row.paused_reason : null,
    consecutiveFailures: row.consecutive_failures,
    nextAttemptAt: row.status === 'active' ? iso(row.next_attempt_at) : null,
    position: Number(row.cursor_position),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const cursorOfEndpoint = (row: Pick<WebhookEndpointRow, 'cursor_tx_id' | 'cursor_position'>): Cursor => ({
  txId: String(row.cursor_tx_id),
  position: Number(row.cursor_position),
});

export function findWebhookEndpoint(db: Executor, endpointId: string, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

/** The company's endpoints (the transaction's tenant), oldest first. */
export async function webhookEndpointListOf(db: Executor): Promise<WebhookEndpointList> {
  const rows = await db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
  return { data: rows.map(webhookEndpointView) };
}

export async function webhookEndpointCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(sql<string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const deliveryView = (row: WebhookDeliveryRow) => ({
  id: row.id,
  eventType: row.event_type,
  position: Number(row.global_position),
  status: row.status,
  attempts: row.attempts,
  responseCode: row.response_code,
  error: row.error,
  durationMs: row.duration_ms,
  lastAttemptAt: new Date(row.last_attempt_at).toISOString(),
  nextAttemptAt: row.status === 'retrying' ? iso(row.next_attempt_at) : null,
});

/** An endpoint's delivery log, the latest attempts first. */
export async function webhookDeliveriesOf(db: Executor, endpointId: string, limit: number): Promise<WebhookDeliveryList> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('last_attempt_at', 'desc')
    .orderBy('global_position', 'desc')
    .limit(limit)
    .execute();
  return { data: rows.map(deliveryView) };
}

/**
 * Where a replay puts the cursor: just before the company's first event from a position on (that
 * event first), or the first recorded at or after a moment, in the log's order; null when none is.
 */
export async function replayCursor(db: Executor, from: { position: number } | { time: Date }): Promise<Cursor | null> {
  const result =
    'position' in from
      ? await sql<{ tx_id: string; global_position: string }>`
          select tx_id::text as tx_id, global_position from events
          where global_position >= ${from.position} and events.tx_id < pg_snapshot_xmin(pg_current_snapshot())
          order by global_position limit 1`.execute(db)
      : await sql<{ tx_id: string; global_position: string }>`
          select tx_id::text as tx_id, global_position from events
          where recorded_at >= ${from.time} and events.tx_id < pg_snapshot_xmin(pg_current_snapshot())
          order by tx_id, global_position limit 1`.execute(db);
  const first = result.rows[0];
  return first ? { txId: first.tx_id, position: Number(first.global_position) - 1 } : null;
}

/** Whether cursor a lies after cursor b in the log's order. */
export const cursorAfter = (a: Cursor, b: Cursor): boolean => BigInt(a.txId) > BigInt(b.txId) || (a.txId === b.txId && a.position > b.position);
