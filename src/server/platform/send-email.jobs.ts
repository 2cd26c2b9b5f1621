import { z } from 'zod';
import { byUniqueName, defineJob, parseJobInput, permanentJobFailure, type JobDefinition } from './jobs.js';
import { emailLocales, type EmailTemplate } from './mailer.js';

export const sendEmailDataSchema = z.object({
  to: z.email(),
  template: z.string().min(1),
  locale: z.enum(emailLocales),
  params: z.record(z.string(), z.unknown()).default({}),
});

/** What a module's dispatch route hands to the `send-email` job. */
export type SendEmailData = z.input<typeof sendEmailDataSchema>;

/** Queue and name of the generic email job, for dispatch routes. */
export const sendEmailJob = { queue: 'email', name: 'send-email' } as const;

/** The `send-email` job: renders a registered template in the requested language and sends it. */
export function createSendEmailJob(templates: readonly EmailTemplate[]): JobDefinition {
  const byName = byUniqueName(templates, 'Email template');
  return defineJob({
    ...sendEmailJob,
    schema: sendEmailDataSchema,
    async handle(data, ctx) {
      const template = byName.get(data.template);
      if (!template) throw permanentJobFailure(`No email template ${data.template} is registered`);
      const params = parseJobInput(template.params, data.params, `Params of email ${data.template} are not valid`);
      const email = template.render(params, data.locale, { publicUrl: ctx.config.publicUrl });
      await ctx.mailer.send({ ...email, to: data.to, messageId: `<${ctx.jobId}@shopfloor-console>` });
      ctx.log.info({ template: data.template, locale: data.locale }, 'email sent');
    },
  });
}
