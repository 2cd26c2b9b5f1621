import { z } from 'zod';
import { trackingLinkEvents } from '../../../domain/shipments/carrier.events.js';
import { withTenant } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { defineJob, permanentJobFailure } from '../../platform/jobs.js';
import { emailLocales } from '../../platform/mailer.js';
import { unseal } from '../../platform/secrets.js';
import { trackingLinkEmail } from './shipment-tracking.emails.js';
import { trackingSealKeyFrom } from './shipment-tracking.records.js';
import './shipment-tracking.tables.js';

const trackingLinkEmailJobSchema = z.object({
  companyId: z.uuid(),
  linkId: z.uuid(),
  to: z.email(),
  locale: z.enum(emailLocales),
  companyName: z.string(),
  /** The link's token, sealed as the event holds it: the queue never carries it readable. */
  sealedToken: z.string().min(1),
});
type TrackingLinkEmailJob = z.infer<typeof trackingLinkEmailJobSchema>;

/**
 * Emails a tracking link to the end customer: opens the sealed token and sends the page's address in the
 * company's document language. A link withdrawn or expired by then sends nothing. Forgotten once done: the
 * queue drops the job and the ledger its data, so the sealed token outlives the send only in the event.
 */
export const sendTrackingLinkEmailJob = defineJob<TrackingLinkEmailJob>({
  queue: 'email',
  name: 'send-tracking-link-email',
  schema: trackingLinkEmailJobSchema,
  forgetWhenDone: true,
  async handle(data, ctx) {
    const link = await withTenant(ctx.db, data.companyId, (tx) =>
      tx.selectFrom('shipment_tracking_links').select(['expires_at', 'revoked_at']).where('id', '=', data.linkId).executeTakeFirst(),
    );
    if (!link || link.revoked_at !== null || link.expires_at.getTime() <= ctx.clock.now().getTime()) {
      ctx.log.info({ linkId: data.linkId }, 'tracking link withdrawn or expired before its email: nothing sent');
      return;
    }
    let token: string;
    try {
      token = unseal(trackingSealKeyFrom(ctx.config), data.sealedToken);
    } catch {
      throw permanentJobFailure('The sealed tracking link cannot be opened (was JWT_SECRET changed?)');
    }
    const email = trackingLinkEmail.render({ companyName: data.companyName, token }, data.locale, { publicUrl: ctx.config.publicUrl });
    await ctx.mailer.send({ ...email, to: data.to, messageId: `<${ctx.jobId}@shopfloor-console>` });
    ctx.log.info({ linkId: data.linkId, locale: data.locale }, 'tracking link emailed');
  },
});

export const shipmentsDispatchRoutes: DispatchRoute[] = [
  defineDispatchRoute({
    events: trackingLinkEvents,
    eventType: 'TrackingLinkEmailRequested',
    queue: sendTrackingLinkEmailJob.queue,
    name: sendTrackingLinkEmailJob.name,
    toJob(event) {
      if (!event.companyId) return undefined;
      const { data } = event;
      return {
        companyId: event.companyId,
        linkId: data.linkId,
        to: data.email,
        locale: data.locale,
        companyName: data.companyName,
        sealedToken: data.sealedToken,
      } satisfies TrackingLinkEmailJob;
    },
  }),
];
