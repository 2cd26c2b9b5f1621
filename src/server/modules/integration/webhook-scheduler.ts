import { sql } from 'kysely';
import { mappedInternalTypes } from '../../../domain/integration/webhooks.payloads.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { EventStore } from '../../platform/event-store.js';
import type { JobLogger, JobQueue } from '../../platform/jobs.js';
import { createWakeLoop, type WakeLoop } from '../../platform/wake-loop.js';
import { deliverWebhooksJob, WEBHOOK_LEASE_MS } from './webhooks.jobs.js';

/** Without a commit hint, how often the scheduler looks for endpoints whose retry time has come, in ms. */
export const WEBHOOK_SCHEDULER_POLL_MS = 1000;

export interface WebhookSchedulerOptions {
  db: Db;
  clock: Clock;
  queue: JobQueue;
  eventStore: Pick<EventStore, 'onCommitted'>;
  log: JobLogger;
  pollMs?: number;
}

/**
 * Takes every endpoint that has a message waiting (an event of a mapped type after its cursor, below
 * the commit horizon), is active, free (no run holds it) and due (its retry time has come), and
 * marks it held for a new run, in one statement. Several servers may run this at once: a row one
 * of them locks is skipped by the others, and a held endpoint is not taken again until its run gives
 * it back or its lease runs out (a run lost with its worker).
 */
export async function takeDueEndpoints(db: Db, now: Date): Promise<{ id: string; company_id: string; runs: number }[]> {
  const leaseUntil = new Date(now.getTime() + WEBHOOK_LEASE_MS);
  // One statement, committed on its own: the rows it locks are held only while it runs.
  const result = await sql<{ id: string; company_id: string; runs: number }>`
      update webhook_endpoints set runs = runs + 1, lease_until = ${leaseUntil}
      where id in (
        select w.id from webhook_endpoints w
        where w.status = 'active'
          and (w.lease_until is null or w.lease_until < ${now})
          and (w.next_attempt_at is null or w.next_attempt_at <= ${now})
          and exists (
            select 1 from events e
            where e.company_id = w.company_id
              and (e.tx_id, e.global_position) > (w.cursor_tx_id, w.cursor_position)
              and e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
              and e.type = any(${[...mappedInternalTypes]}::text[])
          )
        for update skip locked
      )
      returning id, company_id, runs
    `.execute(db);
  return result.rows;
}

/**
 * The webhooks' consumer of the log in each server: woken by every commit (and every
 * `pollMs` for retries and other instances' commits), it starts a `deliver-webhooks` job for each
 * endpoint with something to send. The job id names the endpoint and the run, so a run is queued once.
 */
export function createWebhookScheduler(options: WebhookSchedulerOptions): WakeLoop {
  return createWakeLoop({
    pollMs: () => options.pollMs ?? WEBHOOK_SCHEDULER_POLL_MS,
    hints: options.eventStore,
    onError: (error) => options.log.error({ err: error }, 'webhook scheduler round failed; retrying'),
    async step() {
      const due = await takeDueEndpoints(options.db, options.clock.now());
      for (const endpoint of due) {
        await options.queue.add(
          deliverWebhooksJob.queue,
          deliverWebhooksJob.name,
          { companyId: endpoint.company_id, endpointId: endpoint.id, run: endpoint.runs },
          { jobId: `webhook-${endpoint.id}-${endpoint.runs}` },
        );
      }
    },
  });
}
