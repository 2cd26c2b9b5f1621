import { z } from 'zod';
import { webhookEndpointEvents, webhookEndpointStreamId, WEBHOOK_ENDPOINT_STREAM_TYPE } from '../../../domain/integration/webhooks.events.js';
import { webhookPayloadOf, type WebhookPayload } from '../../../domain/integration/webhooks.payloads.js';
import { webhookBackoffMs, webhookMessageId, webhookPausedAfter } from '../../../domain/integration/webhooks.rules.js';
import { recordEvents, runInTenant, type CommandDeps } from '../../platform/command.js';
import { withTenant, type Tx } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { cursorOf, readAll, type Cursor } from '../../platform/event-store.js';
import { defineJob, type JobContext } from '../../platform/jobs.js';
import { unseal } from '../../platform/secrets.js';
import { companyOwnersWithEmail } from '../identity/index.js';
import { sendWebhook, type WebhookOutcome } from './webhook-sender.js';
import { webhookDepsOf, type WebhookDeps } from './webhooks.deps.js';
import { webhookPausedEmail } from './webhooks.emails.js';
import { cursorOfEndpoint } from './webhooks.queries.js';
import { recordWebhookAttempt } from './webhooks.records.js';
import type { WebhookEndpointRow } from './webhooks.tables.js';

/** How long a delivery job holds its endpoint without renewing: longer than one send may take. */
export const WEBHOOK_LEASE_MS = 60_000;
/** A job gives its endpoint back after this long; the scheduler starts the next one at once if more waits. */
const RUN_BUDGET_MS = 20_000;
/** Events read from the log at a time while looking for messages, and messages taken from one read. */
const READ_BATCH = 200;
const MESSAGES_PER_READ = 50;

const deliverSchema = z.object({ companyId: z.uuid(), endpointId: z.uuid(), run: z.number().int().min(1) });
type DeliverJob = z.infer<typeof deliverSchema>;

const leaseHeld = (tx: Tx, job: DeliverJob) =>
  tx.selectFrom('webhook_endpoints').selectAll().where('id', '=', job.endpointId).where('runs', '=', job.run).executeTakeFirst();

/** A message for the endpoint and where its cursor goes once it is delivered (past the events before it it gets nothing of). */
interface Message {
  cursor: Cursor;
  payload: WebhookPayload;
}

/**
 * The endpoint's next messages after its cursor, in log order (one read of the log, up to
 * `MESSAGES_PER_READ`); a read that holds none moves the cursor past what it read at once. Undefined
 * when the job no longer holds the endpoint or it is paused.
 */
async function nextMessages(ctx: JobContext, job: DeliverJob): Promise<{ endpoint: WebhookEndpointRow; messages: Message[] } | undefined> {
  return withTenant(ctx.db, job.companyId, async (tx) => {
    let endpoint = await leaseHeld(tx, job);
    if (!endpoint || endpoint.status !== 'active') return undefined;
    const target = { id: endpoint.id, eventTypes: endpoint.event_types };
    for (;;) {
      const from = cursorOfEndpoint(endpoint);
      const events = await readAll(tx, { after: from, limit: READ_BATCH, companyId: job.companyId });
      const messages = events
        .map((event) => ({ cursor: cursorOf(event), payload: webhookPayloadOf(event, target, webhookMessageId(target.id, event.globalPosition)) }))
        .filter((message): message is Message => message.payload !== undefined)
        .slice(0, MESSAGES_PER_READ);
      if (messages.length > 0 || events.length === 0) return { endpoint, messages };
      const last = cursorOf(events[events.length - 1]);
      if (!(await moveCursor(tx, job, from, last))) return undefined;
      endpoint = { ...endpoint, cursor_tx_id: last.txId, cursor_position: String(last.position) };
      if (events.length < READ_BATCH) return { endpoint, messages: [] };
    }
  });
}

/** Moves the cursor from `from` on, if the job still holds the endpoint and nobody (a replay) moved it meanwhile. */
async function moveCursor(tx: Tx, job: DeliverJob, from: Cursor, to: Cursor, change: { leaseUntil?: Date } = {}): Promise<boolean> {
  const moved = await tx
    .updateTable('webhook_endpoints')
    .set({
      cursor_tx_id: to.txId,
      cursor_position: to.position,
      consecutive_failures: 0,
      next_attempt_at: null,
      ...(change.leaseUntil ? { lease_until: change.leaseUntil } : {}),
    })
    .where('id', '=', job.endpointId)
    .where('runs', '=', job.run)
    .where('cursor_tx_id', '=', from.txId)
    .where('cursor_position', '=', String(from.position))
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

function send(ctx: JobContext, deps: WebhookDeps, endpoint: WebhookEndpointRow, payload: WebhookPayload): Promise<WebhookOutcome> {
  return sendWebhook(
    {
      url: endpoint.url,
      secret: unseal(deps.sealKey, endpoint.secret_sealed),
      id: payload.id,
      timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
      body: JSON.stringify(payload),
    },
    deps.policy,
  );
}

/** Records an attempt and its outcome: the cursor moves on a delivery; a failure waits for its retry, or pauses the endpoint. */
async function recordOutcome(
  ctx: JobContext,
  deps: WebhookDeps,
  job: DeliverJob,
  next: Message & { endpoint: WebhookEndpointRow },
  outcome: WebhookOutcome,
): Promise<boolean> {
  const commandDeps: CommandDeps = { db: ctx.db, eventStore: ctx.eventStore, clock: ctx.clock };
  const scope = { companyId: job.companyId, actor: null, metadata: { correlationId: ctx.jobId } };
  return runInTenant(commandDeps, scope, async (command) => {
    const { endpoint, payload } = next;
    const attempt = { id: payload.id, endpointId: endpoint.id, companyId: job.companyId, position: payload.position, eventType: payload.type };
    const timing = { responseCode: outcome.responseCode, error: outcome.error, durationMs: outcome.durationMs, at: command.now };
    if (outcome.ok) {
      const moved = await moveCursor(command.tx, job, cursorOfEndpoint(endpoint), next.cursor, {
        leaseUntil: new Date(command.now.getTime() + WEBHOOK_LEASE_MS),
      });
      if (moved) await recordWebhookAttempt(command.tx, { ...attempt, ...timing, status: 'delivered', nextAttemptAt: null });
      return moved;
    }
    const current = await leaseHeld(command.tx, job);
    if (!current || current.status !== 'active') return false;
    const failures = current.consecutive_failures + 1;
    const paused = webhookPausedAfter(failures, deps.pauseAfterFailures);
    const nextAttemptAt = paused ? null : new Date(command.now.getTime() + webhookBackoffMs(failures, deps.retryBaseMs));
    await command.tx
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: failures, next_attempt_at: nextAttemptAt, ...(paused ? { status: 'paused', paused_reason: 'failing' } : {}) })
      .where('id', '=', endpoint.id)
      .execute();
    await recordWebhookAttempt(command.tx, { ...attempt, ...timing, status: paused ? 'failed' : 'retrying', nextAttemptAt });
    if (paused) {
      await recordEvents(command, { id: webhookEndpointStreamId(endpoint.id), type: WEBHOOK_ENDPOINT_STREAM_TYPE }, [
        {
          type: 'WebhookEndpointPaused',
          data: {
            endpointId: endpoint.id,
            url: endpoint.url,
            reason: 'failing',
            failures,
            lastError: outcome.error ?? `HTTP ${outcome.responseCode}`,
            at: command.at,
          },
        },
      ]);
    }
    return false;
  });
}

/** Gives the endpoint back (when the job still holds it), so the scheduler may start the next run. */
const release = (ctx: JobContext, job: DeliverJob) =>
  withTenant(ctx.db, job.companyId, (tx) =>
    tx.updateTable('webhook_endpoints').set({ lease_until: null }).where('id', '=', job.endpointId).where('runs', '=', job.run).execute(),
  );

/**
 * Delivers an endpoint's messages in log order, one at a time (the scheduler started this run and
 * holds the endpoint for it: one in flight per endpoint). Never inside a transaction while sending.
 * A failed send ends the run; the scheduler starts the next at its retry time. The job itself never
 * fails for a receiver: its retries are the endpoint's, with their own backoff.
 */
export const deliverWebhooksJob = defineJob<DeliverJob>({
  queue: 'webhooks',
  name: 'deliver-webhooks',
  schema: deliverSchema,
  async handle(job, ctx) {
    const deps = webhookDepsOf(ctx.config);
    const until = performance.now() + RUN_BUDGET_MS;
    try {
      while (performance.now() < until) {
        const next = await nextMessages(ctx, job);
        if (!next || next.messages.length === 0) return;
        let endpoint = next.endpoint;
        for (const message of next.messages) {
          const outcome = await send(ctx, deps, endpoint, message.payload);
          if (!(await recordOutcome(ctx, deps, job, { ...message, endpoint }, outcome))) {
            // A failure ends the run (its retry waits); a cursor moved meanwhile (a replay) is read afresh.
            if (!outcome.ok) return;
            break;
          }
          endpoint = { ...endpoint, cursor_tx_id: message.cursor.txId, cursor_position: String(message.cursor.position) };
          if (performance.now() >= until) return;
        }
      }
    } finally {
      await release(ctx, job);
    }
  },
});

const pausedSchema = z.object({ companyId: z.uuid(), endpointId: z.uuid(), url: z.string(), failures: z.number().int(), lastError: z.string().nullable() });
type PausedJob = z.infer<typeof pausedSchema>;

/** Tells the company's owners, each in their language, that an endpoint was paused for failing. */
export const notifyWebhookPausedJob = defineJob<PausedJob>({
  queue: 'email',
  name: 'notify-webhook-paused',
  schema: pausedSchema,
  async handle(data, ctx) {
    const owners = await withTenant(ctx.db, data.companyId, (tx) => companyOwnersWithEmail(tx));
    for (const owner of owners) {
      if (!owner.email) continue;
      const email = webhookPausedEmail.render(
        { firstName: owner.first_name, url: data.url, failures: data.failures, lastError: data.lastError },
        owner.locale,
        {
          publicUrl: ctx.config.publicUrl,
        },
      );
      await ctx.mailer.send({ ...email, to: owner.email, messageId: `<${ctx.jobId}-${owner.id}@shopfloor-console>` });
    }
  },
});

export const webhookDispatchRoutes: DispatchRoute[] = [
  defineDispatchRoute({
    events: webhookEndpointEvents,
    eventType: 'WebhookEndpointPaused',
    queue: notifyWebhookPausedJob.queue,
    name: notifyWebhookPausedJob.name,
    toJob(event) {
      if (!event.companyId || event.data.reason !== 'failing') return undefined;
      const { endpointId, url, failures, lastError } = event.data;
      return { companyId: event.companyId, endpointId, url, failures, lastError } satisfies PausedJob;
    },
  }),
];
