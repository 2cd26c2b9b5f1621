import { z } from 'zod';
import { webhookEndpointEvents, webhookEndpointStreamId, WEBHOOK_ENDPOINT_STREAM_TYPE } from '../../../domain/integration/webhooks.events.js';
import { mappedInternalTypes, webhookPayloadOf, type WebhookPayload } from '../../../domain/integration/webhooks.payloads.js';
import { webhookBackoffMs, webhookMessageId, webhookPausedAfter } from '../../../domain/integration/webhooks.rules.js';
import { recordEvents, runInTenant, type CommandDeps } from '../../platform/command.js';
import { withTenant, type Db, type Executor } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { cursorOf, readAll, type Cursor } from '../../platform/event-store.js';
import { defineJob, type JobContext } from '../../platform/jobs.js';
import { unseal } from '../../platform/secrets.js';
import { companyOwnersWithEmail } from '../identity/index.js';
import { sendWebhook, type WebhookOutcome } from './webhook-sender.js';
import { webhookDepsOf, type WebhookDeps } from './webhooks.deps.js';
import { webhookPausedEmail } from './webhooks.emails.js';
import { cursorOfEndpoint } from './webhooks.queries.js';
import { recordWebhookAttempt, recordWebhookDelivered } from './webhooks.records.js';
import type { WebhookEndpointRow } from './webhooks.tables.js';

/** How long a delivery job holds its endpoint without renewing: longer than one send may take. */
export const WEBHOOK_LEASE_MS = 60_000;
/** A job gives its endpoint back after this long; the scheduler starts the next one at once if more waits. */
const RUN_BUDGET_MS = 20_000;
/** Events read from the log at a time while looking for messages, and messages taken from one read. */
const READ_BATCH = 200;
const MESSAGES_PER_READ = 50;
/** With nothing to send, a run reads the log again this often, for this long, before it gives the endpoint back. */
const IDLE_POLL_MS = 100;
const LINGER_MS = 1_000;

const deliverSchema = z.object({ companyId: z.uuid(), endpointId: z.uuid(), run: z.number().int().min(1) });
type DeliverJob = z.infer<typeof deliverSchema>;

const leaseHeld = (db: Executor, job: DeliverJob) =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', job.endpointId)
    .where('company_id', '=', job.companyId)
    .where('runs', '=', job.run)
    .executeTakeFirst();

/** A message for the endpoint and where its cursor goes once it is delivered (past the events before it it gets nothing of). */
interface Message {
  cursor: Cursor;
  payload: WebhookPayload;
}

/** One read of the log after a cursor: the endpoint's messages in it, and the last event read (passed over when no message follows it). */
interface LogRead {
  messages: Message[];
  last: Cursor | undefined;
  /** The read was full: more may follow `last` at once. */
  full: boolean;
}

/** Reads the company's events of mapped types after `after` (one statement), up to `MESSAGES_PER_READ` messages of the endpoint. */
async function readMessages(db: Db, job: DeliverJob, endpoint: WebhookEndpointRow, after: Cursor): Promise<LogRead> {
  const target = { id: endpoint.id, eventTypes: endpoint.event_types };
  const events = await readAll(db, { after, limit: READ_BATCH, companyId: job.companyId, types: mappedInternalTypes });
  const messages = events
    .map((event) => ({ cursor: cursorOf(event), payload: webhookPayloadOf(event, target, webhookMessageId(target.id, event.globalPosition)) }))
    .filter((message): message is Message => message.payload !== undefined)
    .slice(0, MESSAGES_PER_READ);
  const last = events.at(-1);
  return { messages, last: last && cursorOf(last), full: events.length === READ_BATCH };
}

/** Moves the cursor from `from` on, if the job still holds the endpoint and nobody (a replay) moved it meanwhile. */
async function moveCursor(db: Executor, job: DeliverJob, from: Cursor, to: Cursor): Promise<boolean> {
  const moved = await db
    .updateTable('webhook_endpoints')
    .set({ cursor_tx_id: to.txId, cursor_position: to.position, consecutive_failures: 0, next_attempt_at: null })
    .where('id', '=', job.endpointId)
    .where('runs', '=', job.run)
    .where('status', '=', 'active')
    .where('cursor_tx_id', '=', from.txId)
    .where('cursor_position', '=', String(from.position))
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

function send(ctx: JobContext, deps: WebhookDeps, endpoint: WebhookEndpointRow, secret: string, payload: WebhookPayload): Promise<WebhookOutcome> {
  return sendWebhook(
    { url: endpoint.url, secret, id: payload.id, timestamp: Math.floor(ctx.clock.now().getTime() / 1000), body: JSON.stringify(payload) },
    deps.policy,
  );
}

const attemptOf = (job: DeliverJob, payload: WebhookPayload, outcome: WebhookOutcome, at: Date) => ({
  id: payload.id,
  endpointId: job.endpointId,
  companyId: job.companyId,
  position: payload.position,
  eventType: payload.type,
  responseCode: outcome.responseCode,
  error: outcome.error,
  durationMs: outcome.durationMs,
  at,
});

/**
 * Records a delivery in one statement: the cursor moves past the message (renewing the run's hold)
 * and the attempt is logged. False when the run no longer holds the endpoint, it was paused, or a
 * replay moved the cursor.
 */
function recordDelivered(ctx: JobContext, job: DeliverJob, from: Cursor, message: Message, outcome: WebhookOutcome): Promise<boolean> {
  const now = ctx.clock.now();
  return recordWebhookDelivered(ctx.db, { endpointId: job.endpointId, run: job.run, from }, message.cursor, new Date(now.getTime() + WEBHOOK_LEASE_MS), {
    ...attemptOf(job, message.payload, outcome, now),
    status: 'delivered',
    nextAttemptAt: null,
  });
}

/** Records a failed attempt: the endpoint waits for its retry, or is paused after too many failures in a row. */
async function recordFailure(ctx: JobContext, deps: WebhookDeps, job: DeliverJob, payload: WebhookPayload, outcome: WebhookOutcome): Promise<void> {
  const commandDeps: CommandDeps = { db: ctx.db, eventStore: ctx.eventStore, clock: ctx.clock };
  const scope = { companyId: job.companyId, actor: null, metadata: { correlationId: ctx.jobId } };
  await runInTenant(commandDeps, scope, async (command) => {
    const current = await leaseHeld(command.tx, job);
    if (!current || current.status !== 'active') return;
    const failures = current.consecutive_failures + 1;
    const paused = webhookPausedAfter(failures, deps.pauseAfterFailures);
    const nextAttemptAt = paused ? null : new Date(command.now.getTime() + webhookBackoffMs(failures, deps.retryBaseMs));
    await command.tx
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: failures, next_attempt_at: nextAttemptAt, ...(paused ? { status: 'paused', paused_reason: 'failing' } : {}) })
      .where('id', '=', current.id)
      .execute();
    await recordWebhookAttempt(command.tx, { ...attemptOf(job, payload, outcome, command.now), status: paused ? 'failed' : 'retrying', nextAttemptAt });
    if (!paused) return;
    await recordEvents(command, { id: webhookEndpointStreamId(current.id), type: WEBHOOK_ENDPOINT_STREAM_TYPE }, [
      {
        type: 'WebhookEndpointPaused',
        data: {
          endpointId: current.id,
          url: current.url,
          reason: 'failing',
          failures,
          lastError: outcome.error ?? `HTTP ${outcome.responseCode}`,
          at: command.at,
        },
      },
    ]);
  });
}

/** Gives the endpoint back (when the job still holds it), so the scheduler may start the next run. */
const release = (ctx: JobContext, job: DeliverJob) =>
  ctx.db.updateTable('webhook_endpoints').set({ lease_until: null }).where('id', '=', job.endpointId).where('runs', '=', job.run).execute();

/**
 * Delivers an endpoint's messages in log order, one at a time (the scheduler started this run and
 * holds the endpoint for it: one in flight per endpoint; endpoints run side by side, up to the
 * queue's concurrency), over a pooled keep-alive connection, with no transaction open. While a
 * message is on its way, the previous delivery is recorded (one statement) and the log after it is
 * read, so the receiver's time hides the database's. Each record is conditional on the one before, and
 * one that fails (a replay moved the cursor, the endpoint was paused or the run lost its hold) ends
 * the run: the next one reads afresh (a message sent meanwhile goes again with its id). With nothing
 * left, the run looks again at once, then every `IDLE_POLL_MS` for `LINGER_MS`, before it gives the endpoint back.
 * A failed send ends the run; the scheduler starts the next at its retry time. The job itself never
 * fails for a receiver: its retries are the endpoint's, with their own backoff.
 */
async function deliverRun(job: DeliverJob, ctx: JobContext): Promise<void> {
  const deps = webhookDepsOf(ctx.config);
  const until = performance.now() + RUN_BUDGET_MS;
  const endpoint = await leaseHeld(ctx.db, job);
  if (!endpoint || endpoint.status !== 'active') return;
  const secret = unseal(deps.sealKey, endpoint.secret_sealed);
  let cursor = cursorOfEndpoint(endpoint);
  let recorded: Promise<boolean> = Promise.resolve(true);
  // A read or record left behind when the run ends early is not waited for; its error is not lost either.
  const readAfter = (after: Cursor) => {
    const reading = readMessages(ctx.db, job, endpoint, after);
    reading.catch(() => undefined);
    return reading;
  };
  let read = readAfter(cursor);
  let idleSince: number | undefined;
  try {
    while (performance.now() < until) {
      const { messages, last, full } = await read;
      if (messages.length === 0) {
        if (!(await recorded)) return;
        if (last) {
          recorded = moveCursor(ctx.db, job, cursor, last);
          cursor = last;
        }
        if (full) idleSince = undefined;
        // The first empty read looks again at once: the read made while the last message was on its way
        // misses what committed meanwhile. After that, every `IDLE_POLL_MS` until `LINGER_MS` is over.
        else if (idleSince === undefined) idleSince = performance.now();
        else if (performance.now() - idleSince >= LINGER_MS) return;
        else await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
        read = readAfter(cursor);
        continue;
      }
      idleSince = undefined;
      for (const [index, message] of messages.entries()) {
        const sending = send(ctx, deps, endpoint, secret, message.payload);
        if (index === messages.length - 1) read = readAfter(message.cursor);
        const outcome = await sending;
        if (!(await recorded)) return;
        if (!outcome.ok) return await recordFailure(ctx, deps, job, message.payload, outcome);
        recorded = recordDelivered(ctx, job, cursor, message, outcome);
        cursor = message.cursor;
        if (performance.now() >= until) return;
      }
    }
  } finally {
    await recorded.catch(() => false);
    await release(ctx, job);
  }
}

export const deliverWebhooksJob = defineJob<DeliverJob>({
  queue: 'webhooks',
  name: 'deliver-webhooks',
  schema: deliverSchema,
  handle: deliverRun,
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
