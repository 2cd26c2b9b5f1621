import { z } from 'zod';
import { runInTenant } from '../../platform/command.js';
import { userEvents, type UserEvent } from '../../../domain/identity/identity.events.js';
import type { Recorded } from '../../platform/event-store.js';
import { defineDispatchRoute, type DispatchRoute } from '../../platform/dispatcher.js';
import { defineJob, permanentJobFailure } from '../../platform/jobs.js';
import { emailLocales, type EmailTemplate } from '../../platform/mailer.js';
import { unseal } from '../../platform/secrets.js';
import { sealKeyFrom } from './identity.deps.js';
import { existingAccountEmail, invitationEmail, passwordResetEmail, verificationCodeEmail } from './identity.emails.js';
import { recordInvitationNotSent } from './users.handlers.js';

/** Each identity email and the name its template gives the sealed secret (none for a mail that carries no secret). */
const secretEmails: Record<string, { template: EmailTemplate; secretParam: 'code' | 'token' | null }> = {
  [verificationCodeEmail.name]: { template: verificationCodeEmail, secretParam: 'code' },
  [passwordResetEmail.name]: { template: passwordResetEmail, secretParam: 'token' },
  [invitationEmail.name]: { template: invitationEmail, secretParam: 'token' },
  [existingAccountEmail.name]: { template: existingAccountEmail, secretParam: null },
};

const jobDataSchema = z.object({
  template: z.string().refine((name) => name in secretEmails, 'unknown identity email'),
  to: z.email(),
  locale: z.enum(emailLocales),
  /** Everything the template needs but the secret. */
  params: z.record(z.string(), z.string()),
  /** The code or link token, sealed as the event holds it: the queue never carries it readable (empty when the mail has none). */
  sealed: z.string(),
  /** The invited user and their company (invitations only): a mail that fails for good marks them "invitation not sent". */
  invitee: z.object({ userId: z.uuid(), companyId: z.uuid() }).optional(),
});
type IdentityEmailJob = z.infer<typeof jobDataSchema>;

/** Job of the email queue: opens the sealed secret, renders the email in the user's language, sends it. */
export const sendIdentityEmailJob = defineJob<IdentityEmailJob>({
  queue: 'email',
  name: 'send-identity-email',
  schema: jobDataSchema,
  async handle(data, ctx) {
    const { template, secretParam } = secretEmails[data.template];
    let secret: Record<string, string> = {};
    if (secretParam) {
      try {
        secret = { [secretParam]: unseal(sealKeyFrom(ctx.config), data.sealed) };
      } catch {
        throw permanentJobFailure('The sealed secret cannot be opened (was JWT_SECRET changed?)');
      }
    }
    const params = template.params.safeParse({ ...data.params, ...secret });
    if (!params.success) throw permanentJobFailure(`Params of email ${data.template} are not valid`);
    const email = template.render(params.data, data.locale, { publicUrl: ctx.config.publicUrl });
    await ctx.mailer.send({ ...email, to: data.to, messageId: `<${ctx.jobId}@shopfloor-console>` });
    ctx.log.info({ template: data.template, locale: data.locale }, 'identity email sent');
  },
  /** An invitation that could not be sent shows on the users screen as not sent, with a resend. */
  async failed(data, error, ctx) {
    if (!data.invitee) return;
    const { userId, companyId } = data.invitee;
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ userId, err: error }, 'invitation not sent');
    await runInTenant(
      { db: ctx.db, eventStore: ctx.eventStore, clock: ctx.clock },
      { companyId, actor: null, metadata: { correlationId: ctx.jobId } },
      (command) => recordInvitationNotSent(command, userId, reason),
    );
  },
});

type EmailEvent = Extract<
  UserEvent,
  { type: 'EmailVerificationCodeIssued' | 'PasswordResetRequested' | 'AdminUserInvited' | 'SignUpWithExistingAddressAttempted' }
>;

/** Who an email goes to: the user's address, in the user's language. */
const recipientOf = (data: EmailEvent['data']): Pick<IdentityEmailJob, 'to' | 'locale'> => ({ to: data.email, locale: data.locale });

/** A user event that mails the user: the email's template, and the address, language and what the template needs from the event. */
function routeFor<Type extends EmailEvent['type']>(
  eventType: Type,
  template: EmailTemplate,
  contentOf: (event: Recorded<Extract<UserEvent, { type: Type }>>) => Omit<IdentityEmailJob, 'template'>,
): DispatchRoute {
  return defineDispatchRoute({
    events: userEvents,
    eventType,
    queue: 'email',
    name: sendIdentityEmailJob.name,
    toJob: (event) => ({ template: template.name, ...contentOf(event) }) satisfies IdentityEmailJob,
  });
}

/** Which user events send which email. */
export const identityDispatchRoutes: DispatchRoute[] = [
  routeFor('EmailVerificationCodeIssued', verificationCodeEmail, ({ data }) => ({
    ...recipientOf(data),
    params: { firstName: data.firstName, email: data.email },
    sealed: data.sealedCode,
  })),
  routeFor('PasswordResetRequested', passwordResetEmail, ({ data }) => ({
    ...recipientOf(data),
    params: { firstName: data.firstName },
    sealed: data.sealedToken,
  })),
  routeFor('SignUpWithExistingAddressAttempted', existingAccountEmail, ({ data }) => ({
    ...recipientOf(data),
    params: { firstName: data.firstName, email: data.email },
    sealed: '',
  })),
  routeFor('AdminUserInvited', invitationEmail, ({ data }) => ({
    ...recipientOf(data),
    params: { firstName: data.firstName, companyName: data.companyName },
    sealed: data.sealedToken,
    invitee: { userId: data.userId, companyId: data.companyId },
  })),
];
