import { z } from 'zod';
import { defineEmailTemplate, emailHtml, emailLayout, type EmailLocale } from '../../platform/mailer.js';

const { paragraph, button } = emailHtml;

/** The company screen, whose Webhooks tab lists the endpoints (src/web/app/routes.ts: `/company`). */
export const webhooksUrl = (publicUrl: string) => `${publicUrl}/company`;

const webhookPausedParams = z.object({
  firstName: z.string(),
  url: z.string(),
  failures: z.number().int(),
  lastError: z.string().nullable(),
});
export type WebhookPausedEmailParams = z.infer<typeof webhookPausedParams>;

type Texts = { subject: string; greeting: string; intro: string; error: string; nothingLost: string; action: string };

const texts = {
  en: (p: WebhookPausedEmailParams): Texts => ({
    subject: 'Webhook paused: deliveries keep failing',
    greeting: `Hello ${p.firstName},`,
    intro: `The webhook endpoint ${p.url} failed ${p.failures} times in a row, so it has been paused.`,
    error: p.lastError ? `Last error: ${p.lastError}` : '',
    nothingLost: 'Nothing is lost: once the receiver works again, resume the endpoint and every event since will be delivered in order.',
    action: 'Open the company screen (Webhooks tab)',
  }),
  de: (p: WebhookPausedEmailParams): Texts => ({
    subject: 'Webhook pausiert: Zustellungen schlagen fehl',
    greeting: `Hallo ${p.firstName},`,
    intro: `Der Webhook-Endpunkt ${p.url} ist ${p.failures}-mal hintereinander fehlgeschlagen und wurde deshalb pausiert.`,
    error: p.lastError ? `Letzter Fehler: ${p.lastError}` : '',
    nothingLost:
      'Es geht nichts verloren: Sobald der Empfänger wieder funktioniert, setzen Sie den Endpunkt fort, und alle Ereignisse seitdem werden der Reihe nach zugestellt.',
    action: 'Firmenbildschirm öffnen (Reiter Webhooks)',
  }),
} satisfies Record<EmailLocale, unknown>;

/** An endpoint paused after failing again and again, to the company's owners. */
export const webhookPausedEmail = defineEmailTemplate({
  name: 'webhook-paused',
  params: webhookPausedParams,
  render(params, locale, links) {
    const t = texts[locale](params);
    const href = webhooksUrl(links.publicUrl);
    const lines = [t.greeting, '', t.intro, ...(t.error ? ['', t.error] : []), '', t.nothingLost, '', `${t.action}: ${href}`];
    return {
      subject: t.subject,
      text: lines.join('\n'),
      html: emailLayout(
        locale,
        t.subject,
        paragraph(t.greeting) + paragraph(t.intro) + (t.error ? paragraph(t.error) : '') + paragraph(t.nothingLost) + button(href, t.action),
      ),
    };
  },
});

export const webhookEmailTemplates = [webhookPausedEmail];
