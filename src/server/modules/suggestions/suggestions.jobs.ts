import { z } from 'zod';
import { suggestionEvents } from '../../../domain/suggestions/suggestion.events.js';
import { withTenant } from '../../platform/db.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { defineJob } from '../../platform/jobs.js';
import { findCompany } from '../company/index.js';
import { findUserById, userNamesByIds } from '../identity/index.js';
import { stationNamesById } from '../stations/index.js';
import { suggestionSubmittedEmail } from './suggestions.emails.js';

const suggestionSubmittedJobSchema = z.object({
  companyId: z.uuid(),
  suggestionId: z.uuid(),
  submittedBy: z.uuid(),
  stationId: z.uuid().nullable(),
  text: z.string().min(1),
});
type SuggestionSubmittedJob = z.infer<typeof suggestionSubmittedJobSchema>;

/**
 * Emails a new suggestion to the company's suggestion recipient (company settings), in the
 * recipient's language. The recipient is read when the job runs: none set, or a user no longer
 * in the company, without an email address or who has not accepted their invitation, sends nothing
 * (the suggestion is listed anyway).
 */
export const notifySuggestionRecipientJob = defineJob<SuggestionSubmittedJob>({
  queue: 'email',
  name: 'notify-suggestion-recipient',
  schema: suggestionSubmittedJobSchema,
  async handle(data, ctx) {
    const mail = await withTenant(ctx.db, data.companyId, async (tx) => {
      const company = await findCompany(tx, data.companyId);
      const recipientId = company?.basic_settings.suggestionRecipientId;
      if (!recipientId) return undefined;
      const recipient = await findUserById(tx, recipientId);
      // An invitee not accepted yet (a recipient saved before that was refused) gets no suggestion's text.
      if (!recipient?.email || recipient.company_id !== data.companyId || recipient.password_hash === null) return undefined;
      const submitterName = (await userNamesByIds(tx, [data.submittedBy])).get(data.submittedBy) ?? '';
      const stationName = data.stationId ? ((await stationNamesById(tx, [data.stationId])).get(data.stationId) ?? null) : null;
      return { to: recipient.email, locale: recipient.locale, params: { firstName: recipient.first_name, submitterName, stationName, text: data.text } };
    });
    if (!mail) {
      ctx.log.info({ suggestionId: data.suggestionId }, 'no suggestion recipient with an email address: nothing sent');
      return;
    }
    const email = suggestionSubmittedEmail.render(mail.params, mail.locale, { publicUrl: ctx.config.publicUrl });
    await ctx.mailer.send({ ...email, to: mail.to, messageId: `<${ctx.jobId}@shopfloor-console>` });
  },
});

export const suggestionsDispatchRoutes: DispatchRoute[] = [
  defineDispatchRoute({
    events: suggestionEvents,
    eventType: 'SuggestionSubmitted',
    queue: notifySuggestionRecipientJob.queue,
    name: notifySuggestionRecipientJob.name,
    toJob(event) {
      if (!event.companyId) return undefined;
      const { data } = event;
      return {
        companyId: event.companyId,
        suggestionId: data.suggestionId,
        submittedBy: data.submittedBy,
        stationId: data.stationId,
        text: data.text,
      } satisfies SuggestionSubmittedJob;
    },
  }),
];
