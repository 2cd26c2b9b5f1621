import { randomUUID } from 'node:crypto';
import { webhookEndpointStreamId, WEBHOOK_ENDPOINT_STREAM_TYPE, type WebhookEndpointEvent } from '../../../domain/integration/webhooks.events.js';
import { webhookLimits, type CreateWebhookEndpoint, type WebhookEventType, type WebhookReplay } from '../../../domain/integration/webhooks.schema.js';
import type { CreatedWebhookEndpoint, WebhookEndpointView } from '../../../domain/integration/webhooks.views.js';
import { DomainError } from '../../../domain/shared/errors.js';
import { recordEvents, type CommandContext } from '../../platform/command.js';
import { headCursor } from '../../platform/event-store.js';
import { seal } from '../../platform/secrets.js';
import { newWebhookSecret, webhookUrlRefusal } from './webhook-sender.js';
import type { WebhookDeps } from './webhooks.deps.js';
import { cursorAfter, cursorOfEndpoint, findWebhookEndpoint, replayCursor, webhookEndpointCount, webhookEndpointView } from './webhooks.queries.js';
import { deleteWebhookEndpoint, insertWebhookEndpoint, updateWebhookEndpoint } from './webhooks.records.js';

const record = (ctx: CommandContext, endpointId: string, event: WebhookEndpointEvent) =>
  recordEvents(ctx, { id: webhookEndpointStreamId(endpointId), type: WEBHOOK_ENDPOINT_STREAM_TYPE }, [event]);

async function endpointOf(ctx: CommandContext, endpointId: string) {
  const endpoint = await findWebhookEndpoint(ctx.tx, endpointId, { lock: true });
  if (!endpoint) throw new DomainError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return endpoint;
}

async function viewOf(ctx: CommandContext, endpointId: string): Promise<WebhookEndpointView> {
  return webhookEndpointView(await endpointOf(ctx, endpointId));
}

/**
 * Registers an endpoint: it gets the company's events from now on (its cursor starts at the log's
 * head). The signing secret is drawn here, kept sealed and answered this once.
 */
export async function createWebhookEndpoint(ctx: CommandContext, deps: WebhookDeps, input: CreateWebhookEndpoint): Promise<CreatedWebhookEndpoint> {
  const refusal = webhookUrlRefusal(input.url, deps.policy);
  if (refusal) throw new DomainError('VALIDATION_ERROR', [{ path: 'url', message: refusal }]);
  await ctx.tx.selectFrom('companies').select('id').where('id', '=', ctx.companyId).forUpdate().executeTakeFirst();
  if ((await webhookEndpointCount(ctx.tx)) >= webhookLimits.endpoints) throw new DomainError('WEBHOOK_ENDPOINT_LIMIT_REACHED');
  const id = randomUUID();
  const secret = newWebhookSecret();
  await insertWebhookEndpoint(ctx.tx, {
    id,
    companyId: ctx.companyId,
    url: input.url,
    description: input.description,
    eventTypes: input.eventTypes,
    secretSealed: seal(deps.sealKey, secret),
    cursor: await headCursor(ctx.tx),
    createdAt: ctx.now,
  });
  await record(ctx, id, {
    type: 'WebhookEndpointCreated',
    data: { endpointId: id, url: input.url, description: input.description, eventTypes: input.eventTypes, at: ctx.at },
  });
  return { endpoint: await viewOf(ctx, id), secret };
}

export async function changeWebhookEventTypes(ctx: CommandContext, endpointId: string, eventTypes: WebhookEventType[]): Promise<WebhookEndpointView> {
  await endpointOf(ctx, endpointId);
  await updateWebhookEndpoint(ctx.tx, endpointId, { eventTypes });
  await record(ctx, endpointId, { type: 'WebhookEventTypesChanged', data: { endpointId, eventTypes, at: ctx.at } });
  return viewOf(ctx, endpointId);
}

/** Its owner pauses an endpoint: nothing is sent until it is resumed, and nothing is lost (its cursor waits). */
export async function pauseWebhookEndpoint(ctx: CommandContext, endpointId: string): Promise<WebhookEndpointView> {
  const endpoint = await endpointOf(ctx, endpointId);
  if (endpoint.status === 'paused') throw new DomainError('WEBHOOK_ENDPOINT_PAUSED');
  await updateWebhookEndpoint(ctx.tx, endpointId, { status: 'paused', paused_reason: 'manual' });
  await record(ctx, endpointId, {
    type: 'WebhookEndpointPaused',
    data: { endpointId, url: endpoint.url, reason: 'manual', failures: endpoint.consecutive_failures, lastError: null, at: ctx.at },
  });
  return viewOf(ctx, endpointId);
}

/** Resumes a paused endpoint: delivery goes on from its cursor at once, failures counted afresh. */
export async function resumeWebhookEndpoint(ctx: CommandContext, endpointId: string): Promise<WebhookEndpointView> {
  const endpoint = await endpointOf(ctx, endpointId);
  if (endpoint.status !== 'paused') throw new DomainError('WEBHOOK_ENDPOINT_NOT_PAUSED');
  await updateWebhookEndpoint(ctx.tx, endpointId, { status: 'active', paused_reason: null, consecutive_failures: 0, next_attempt_at: null });
  await record(ctx, endpointId, { type: 'WebhookEndpointResumed', data: { endpointId, at: ctx.at } });
  return viewOf(ctx, endpointId);
}

export async function deleteWebhook(ctx: CommandContext, endpointId: string): Promise<void> {
  const endpoint = await endpointOf(ctx, endpointId);
  await deleteWebhookEndpoint(ctx.tx, endpointId);
  await record(ctx, endpointId, { type: 'WebhookEndpointDeleted', data: { endpointId, url: endpoint.url, at: ctx.at } });
}

/** A test event: a fact in the log, so it is delivered in order with the rest and shows in the delivery log. */
export async function requestWebhookTest(ctx: CommandContext, endpointId: string): Promise<WebhookEndpointView> {
  await endpointOf(ctx, endpointId);
  await record(ctx, endpointId, { type: 'WebhookTestRequested', data: { endpointId, at: ctx.at } });
  return viewOf(ctx, endpointId);
}

/**
 * Moves the cursor back: every event of the company from a position or a moment on is delivered
 * again, in log order, with the same message ids. A point after the cursor would skip events: refused.
 */
export async function replayWebhook(ctx: CommandContext, endpointId: string, replay: WebhookReplay): Promise<WebhookEndpointView> {
  const endpoint = await endpointOf(ctx, endpointId);
  const from = replay.position !== undefined ? { position: replay.position } : { time: new Date(replay.from ?? ctx.at) };
  const cursor = await replayCursor(ctx.tx, from);
  if (!cursor || cursorAfter(cursor, cursorOfEndpoint(endpoint))) {
    throw new DomainError('VALIDATION_ERROR', [{ path: replay.position !== undefined ? 'position' : 'from', message: 'validation.webhookReplayAhead' }]);
  }
  await updateWebhookEndpoint(ctx.tx, endpointId, { cursor, consecutive_failures: 0, next_attempt_at: null });
  await record(ctx, endpointId, {
    type: 'WebhookReplayRequested',
    data: { endpointId, fromPosition: replay.position ?? null, fromTime: replay.from ?? null, at: ctx.at },
  });
  return viewOf(ctx, endpointId);
}
