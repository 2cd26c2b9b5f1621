import { z } from 'zod';
import { orderEvents, type OrderEvent } from '../../../domain/orders/order.events.js';
import type { Recorded } from '../../platform/event-store.js';
import { orderStatuses } from '../../../domain/orders/order.schema.js';
import { timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { runInTenant } from '../../platform/command.js';
import { withTenant, type Tx } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { isPermanentJobFailure } from '../../platform/job-errors.js';
import { defineJob, type JobContext } from '../../platform/jobs.js';
import type { EmailLocale } from '../../platform/mailer.js';
import { dateFormatOf, workingTimeOfCompany } from '../company/index.js';
import { findUserById } from '../identity/index.js';
import { findStationRow, stationNamesById } from '../stations/index.js';
import { workCompletedEmail, type WorkCompletedEmailParams } from './orders.emails.js';
import { applyStatusAction } from './orders.handlers.js';
import './orders.tables.js';

const workCompletedJobSchema = z.object({
  companyId: z.uuid(),
  orderId: z.uuid(),
  stationId: z.uuid(),
  /** The facts of the event, as they were: the order may have moved on by the time the job runs. */
  nextStationId: z.uuid().nullable(),
  completedAt: z.iso.datetime({ offset: true }),
});
type WorkCompletedJob = z.infer<typeof workCompletedJobSchema>;

interface Recipient {
  userId: string;
  email: string;
  locale: EmailLocale;
  params: WorkCompletedEmailParams;
}

/** The ids named by the station's notify-user actions, each once (two actions may name the same user). */
function notifiedUserIds(actions: readonly { action: string; element: string }[]): string[] {
  const ids = actions
    .filter((action) => action.action === 'notify-user' && z.uuid().safeParse(action.element).success)
    .map((action) => action.element.toLowerCase());
  return [...new Set(ids)];
}

/**
 * Who gets a mail and what it says, read in one short tenant transaction (mail is sent after it
 * ends). Users no longer in the company, without an email address (operators), deactivated or not
 * joined yet (an open invitation) are skipped.
 */
async function recipientsOf(tx: Tx, data: WorkCompletedJob, ctx: JobContext): Promise<Recipient[]> {
  const station = await findStationRow(tx, data.stationId);
  if (!station) {
    ctx.log.info({ stationId: data.stationId, orderId: data.orderId }, 'station deleted: no notify-user action runs');
    return [];
  }
  const userIds = notifiedUserIds(station.actions);
  if (userIds.length === 0) return [];
  const order = await tx.selectFrom('orders').select('order_number').where('id', '=', data.orderId).executeTakeFirst();
  if (!order) {
    ctx.log.info({ orderId: data.orderId }, 'order no longer exists: nobody notified');
    return [];
  }
  const nextStationName = data.nextStationId ? ((await stationNamesById(tx, [data.nextStationId])).get(data.nextStationId) ?? null) : null;
  const dateFormat = await dateFormatOf(tx, data.companyId);
  const timeZone = timeZoneOf(await workingTimeOfCompany(tx, data.companyId, ctx.config.workingTime));
  const recipients: Recipient[] = [];
  for (const userId of userIds) {
    const user = await findUserById(tx, userId);
    if (!user || user.company_id !== data.companyId) {
      ctx.log.info({ userId, stationId: data.stationId }, 'notify-user: the user no longer exists in the company; skipped');
      continue;
    }
    if (!user.email) {
      ctx.log.info({ userId, stationId: data.stationId }, 'notify-user: the user has no email address (operator); skipped');
      continue;
    }
    if (user.deactivated_at || !user.password_hash) {
      ctx.log.info({ userId, stationId: data.stationId }, 'notify-user: the user is deactivated or has not joined yet (invitation open); skipped');
      continue;
    }
    recipients.push({
      userId,
      email: user.email,
      locale: user.locale,
      params: {
        firstName: user.first_name,
        orderId: data.orderId,
        orderNumber: order.order_number,
        stationName: station.name,
        completedAt: data.completedAt,
        dateFormat,
        timeZone,
        nextStationName,
        finished: data.nextStationId === null,
      },
    });
  }
  return recipients;
}

/**
 * Runs a station's "notify user" actions after work on an order was completed there: one email
 * per named user, in the user's language. The station's actions are read when the job runs (a
 * deleted station sends nothing). A retry after a partial failure may repeat a mail that already
 * went out; its Message-ID (`<jobId.userId@shopfloor-console>`) is the same, so clients can spot it.
 */
export const notifyWorkCompletedJob = defineJob<WorkCompletedJob>({
  queue: 'email',
  name: 'notify-work-completed',
  schema: workCompletedJobSchema,
  async handle(data, ctx) {
    const recipients = await withTenant(ctx.db, data.companyId, (tx) => recipientsOf(tx, data, ctx));
    let retryable: unknown;
    for (const recipient of recipients) {
      const email = workCompletedEmail.render(recipient.params, recipient.locale, { publicUrl: ctx.config.publicUrl });
      try {
        await ctx.mailer.send({ ...email, to: recipient.email, messageId: `<${ctx.jobId}.${recipient.userId}@shopfloor-console>` });
        ctx.log.info({ userId: recipient.userId, locale: recipient.locale }, 'notify-user email sent');
      } catch (error) {
        // One refused address must not keep the others from their mail.
        if (isPermanentJobFailure(error)) ctx.log.warn({ userId: recipient.userId, err: error }, 'notify-user email refused by the mail server');
        else retryable ??= error;
      }
    }
    if (retryable !== undefined) throw retryable;
  },
});

/** The station's set-order-status actions, in the order saved, each with the key that makes it run once. */
export function statusActionsOf(actions: readonly { action: string; element: string }[], data: Pick<WorkCompletedJob, 'stationId' | 'completedAt'>) {
  return actions.flatMap((action, index) => {
    const status = z.enum(orderStatuses).safeParse(action.element);
    if (action.action !== 'set-order-status' || !status.success) return [];
    return [{ stationId: data.stationId, status: status.data, trigger: `${data.stationId}@${data.completedAt}#${index}:${status.data}` }];
  });
}

/**
 * Runs a station's "set the order status" actions after work on an order was completed there: each
 * through the order machine's rules, in the order saved; a refused one is recorded on the order
 * (`StatusActionRefused`). The station's actions are read when the job runs (a deleted station sets
 * nothing). Each action's trigger is kept on the order, so a retry appends nothing twice.
 */
export const applyStatusActionsJob = defineJob<WorkCompletedJob>({
  // The light queue: a few statements, no browser.
  queue: 'email',
  name: 'apply-status-actions',
  schema: workCompletedJobSchema,
  async handle(data, ctx) {
    const scope = { companyId: data.companyId, actor: null, metadata: { correlationId: ctx.jobId } };
    await runInTenant({ db: ctx.db, eventStore: ctx.eventStore, clock: ctx.clock }, scope, async (command) => {
      const station = await findStationRow(command.tx, data.stationId);
      if (!station) {
        ctx.log.info({ stationId: data.stationId, orderId: data.orderId }, 'station deleted: no set-order-status action runs');
        return;
      }
      const order = await command.tx.selectFrom('orders').select('id').where('id', '=', data.orderId).executeTakeFirst();
      if (!order) return;
      for (const action of statusActionsOf(station.actions, data)) await applyStatusAction(command, data.orderId, action);
    });
  },
});

const workCompletedJobOf = (event: Pick<Recorded<OrderEvent>, 'companyId'> & Extract<OrderEvent, { type: 'WorkCompleted' }>): WorkCompletedJob | undefined => {
  if (!event.companyId) return undefined;
  const { data } = event;
  return { companyId: event.companyId, orderId: data.orderId, stationId: data.stationId, nextStationId: data.nextStationId, completedAt: data.at };
};

/** Every completion of work at a station may run the station's notify-user and set-order-status actions. */
export const ordersDispatchRoutes: DispatchRoute[] = [
  defineDispatchRoute({
    events: orderEvents,
    eventType: 'WorkCompleted',
    queue: notifyWorkCompletedJob.queue,
    name: notifyWorkCompletedJob.name,
    toJob: workCompletedJobOf,
  }),
  defineDispatchRoute({
    events: orderEvents,
    eventType: 'WorkCompleted',
    queue: applyStatusActionsJob.queue,
    name: applyStatusActionsJob.name,
    toJob: workCompletedJobOf,
  }),
];
