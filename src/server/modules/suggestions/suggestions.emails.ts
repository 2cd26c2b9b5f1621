import { z } from 'zod';
import { defineEmailTemplate, emailHtml, emailLayout, type EmailLocale } from '../../platform/mailer.js';

const { paragraph, quote, button } = emailHtml;

/** The console's list of suggestions (src/web/app/routes.ts: `/suggestions`). */
export const suggestionsUrl = (publicUrl: string) => `${publicUrl}/suggestions`;

const suggestionSubmittedParams = z.object({
  firstName: z.string(),
  /** Who submitted it: a name, or '' when the user is gone. */
  submitterName: z.string(),
  /** The station it was submitted at; null from the console. */
  stationName: z.string().nullable(),
  text: z.string().min(1),
});
export type SuggestionSubmittedEmailParams = z.infer<typeof suggestionSubmittedParams>;

type Texts = { subject: string; greeting: string; intro: string; action: string; why: string };

const texts = {
  en: (p: SuggestionSubmittedEmailParams): Texts => ({
    subject: 'New improvement suggestion',
    greeting: `Hello ${p.firstName},`,
    intro: `${p.submitterName || 'A colleague'} suggested an improvement${p.stationName ? ` at station ${p.stationName}` : ''}:`,
    action: 'Open the suggestions',
    why: 'You get this email because you receive the improvement suggestions of your company (company settings).',
  }),
  de: (p: SuggestionSubmittedEmailParams): Texts => ({
    subject: 'Neuer Verbesserungsvorschlag',
    greeting: `Hallo ${p.firstName},`,
    intro: `${p.submitterName || 'Eine Kollegin oder ein Kollege'} hat eine Verbesserung vorgeschlagen${p.stationName ? ` (Station ${p.stationName})` : ''}:`,
    action: 'Vorschläge öffnen',
    why: 'Sie erhalten diese E-Mail, weil Sie die Verbesserungsvorschläge Ihrer Firma empfangen (Firmeneinstellungen).',
  }),
} satisfies Record<EmailLocale, unknown>;

/** A new improvement suggestion, to the company's suggestion recipient: who, where, the text, a link to the list. */
export const suggestionSubmittedEmail = defineEmailTemplate({
  name: 'suggestion-submitted',
  params: suggestionSubmittedParams,
  render(params, locale, links) {
    const t = texts[locale](params);
    const href = suggestionsUrl(links.publicUrl);
    return {
      subject: t.subject,
      text: [t.greeting, '', t.intro, '', params.text, '', `${t.action}: ${href}`, '', t.why].join('\n'),
      html: emailLayout(locale, t.subject, paragraph(t.greeting) + paragraph(t.intro) + quote(params.text) + button(href, t.action) + paragraph(t.why)),
    };
  },
});

export const suggestionsEmailTemplates = [suggestionSubmittedEmail];
