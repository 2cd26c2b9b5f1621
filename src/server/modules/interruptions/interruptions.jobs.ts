import { z } from 'zod';
import { timeZoneOf } from '../../../domain/company/working-time.rules.js';
import { interruptionEvents } from '../../../domain/interruptions/interruption.events.js';
import { withTenant, type Executor } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { isPermanentJobFailure } from '../../platform/job-errors.js';
import { defineJob } from '../../platform/jobs.js';
import { dateFormatOf, workingTimeOfCompany } from '../company/index.js';
import { userNamesByIds } from '../identity/index.js';
import { stationNamesById } from '../stations/index.js';
import { interruptionReportedEmail } from './interruptions.emails.js';

const interruptionReportedJobSchema = z.object({
  companyId: z.uuid(),
  interruptionId: z.uuid(),
  stationId: z.uuid(),
  orderId: z.uuid().nullable(),
  reasonName: z.string(),
  note: z.string(),
  reportedBy: z.uuid(),
  at: z.string(),
});
type InterruptionReportedJob = z.infer<typeof interruptionReportedJobSchema>;

/**
 * The supervisors of a company: its super user and admins with an email address who are not deactivated
 * and have accepted their invitation (an invitee's address is an outside one until then: an
 * interruption's note would reach it past the invitations' daily limit).
 */
export async function supervisorsOf(db: Executor, companyId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'locale'])
    .where('company_id', '=', companyId)
    .where('role', 'in', ['SUPER_USER', 'ADMIN'])
    .where('email', 'is not', null)
    .where('deactivated_at', 'is', null)
    .where('password_hash', 'is not', null)
    .orderBy('id')
    .execute();
}

/**
 * Emails a new interruption to the company's supervisors (super user and admins, read when the job
 * runs), each in their language. One mail per supervisor; a mail server refusing one address is
 * logged and the others still get theirs (the mailer's rule); any other failure retries the job.
 */
export const notifySupervisorsOfInterruptionJob = defineJob<InterruptionReportedJob>({
  queue: 'email',
  name: 'notify-supervisors-of-interruption',
  schema: interruptionReportedJobSchema,
  async handle(data, ctx) {
    const found = await withTenant(ctx.db, data.companyId, async (tx) => {
      const supervisors = await supervisorsOf(tx, data.companyId);
      if (supervisors.length === 0) return undefined;
      const stationName = (await stationNamesById(tx, [data.stationId])).get(data.stationId);
      if (stationName === undefined) return undefined;
      const reporterName = (await userNamesByIds(tx, [data.reportedBy])).get(data.reportedBy) ?? '';
      const order = data.orderId ? await tx.selectFrom('orders').select('order_number').where('id', '=', data.orderId).executeTakeFirst() : undefined;
      const dateFormat = await dateFormatOf(tx, data.companyId);
      const timeZone = timeZoneOf(await workingTimeOfCompany(tx, data.companyId, ctx.config.workingTime));
      return { supervisors, stationName, reporterName, orderNumber: order?.order_number ?? null, dateFormat, timeZone };
    });
    if (!found) {
      ctx.log.info({ interruptionId: data.interruptionId }, 'no supervisor with an email address, or the station is gone: nothing sent');
      return;
    }
    let retryable: unknown;
    for (const supervisor of found.supervisors) {
      const email = interruptionReportedEmail.render(
        {
          firstName: supervisor.first_name,
          stationName: found.stationName,
          reasonName: data.reasonName,
          reporterName: found.reporterName,
          orderNumber: found.orderNumber,
          note: data.note,
          at: data.at,
          dateFormat: found.dateFormat,
          timeZone: found.timeZone,
        },
        supervisor.locale,
        { publicUrl: ctx.config.publicUrl },
      );
      try {
        await ctx.mailer.send({ ...email, to: supervisor.email as string, messageId: `<${ctx.jobId}.${supervisor.id}@shopfloor-console>` });
      } catch (error) {
        // One refused address must not keep the others from their mail.
        if (isPermanentJobFailure(error)) ctx.log.warn({ userId: supervisor.id, err: error }, 'interruption email refused by the mail server');
        else retryable ??= error;
      }
    }
    if (retryable !== undefined) throw retryable;
  },
});

export const interruptionsDispatchRoutes: DispatchRoute[] = [
  defineDispatchRoute({
    events: interruptionEvents,
    eventType: 'InterruptionReported',
    queue: notifySupervisorsOfInterruptionJob.queue,
    name: notifySupervisorsOfInterruptionJob.name,
    toJob(event) {
      if (!event.companyId) return undefined;
      const { data } = event;
      return {
        companyId: event.companyId,
        interruptionId: data.interruptionId,
        stationId: data.stationId,
        orderId: data.orderId,
        reasonName: data.reasonName,
        note: data.note,
        reportedBy: data.reportedBy,
        at: data.at,
      };
    },
  }),
];
