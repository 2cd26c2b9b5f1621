import { z } from 'zod';
import { dateFormats } from '../../../domain/company/company.schema.js';
import { writeInstantDateTime } from '../../../domain/company/date-format.rules.js';
import { defineEmailTemplate, emailHtml, emailLayout, type EmailLocale } from '../../platform/mailer.js';

const { paragraph } = emailHtml;
/** Red: a station stopped. */
const quote = (text: string) => emailHtml.quote(text, 'alarm');
const button = (href: string, label: string) => emailHtml.button(href, label, 'alarm');

/** The console's home board, where the interrupted station shows red (src/web/app/routes.ts: `/home`). */
export const boardUrl = (publicUrl: string) => `${publicUrl}/home`;

const interruptionReportedParams = z.object({
  firstName: z.string(),
  stationName: z.string(),
  reasonName: z.string(),
  /** Who reported it: a name, or '' when the user is gone. */
  reporterName: z.string(),
  orderNumber: z.string().nullable(),
  note: z.string(),
  /** When it was reported, ISO. */
  at: z.string(),
  /** The company's date format (Advanced settings). */
  dateFormat: z.enum(dateFormats),
  /** The company's IANA time zone (its working time's): the time is shown there, with the zone's name. */
  timeZone: z.string().min(1),
});
export type InterruptionReportedEmailParams = z.infer<typeof interruptionReportedParams>;

type Texts = { subject: string; greeting: string; intro: string; order: string | null; when: string; action: string; why: string };

const texts = {
  en: (p: InterruptionReportedEmailParams, at: string): Texts => ({
    subject: `Station ${p.stationName} interrupted: ${p.reasonName}`,
    greeting: `Hello ${p.firstName},`,
    intro: `${p.reporterName || 'An operator'} reported an interruption at station ${p.stationName}: ${p.reasonName}.`,
    order: p.orderNumber ? `Order being worked on: ${p.orderNumber}` : null,
    when: `Reported on ${at}.`,
    action: 'Open the board',
    why: 'You get this email because you are an administrator of your company.',
  }),
  de: (p: InterruptionReportedEmailParams, at: string): Texts => ({
    subject: `Station ${p.stationName} unterbrochen: ${p.reasonName}`,
    greeting: `Hallo ${p.firstName},`,
    intro: `${p.reporterName || 'Ein Werker'} hat an Station ${p.stationName} eine Unterbrechung gemeldet: ${p.reasonName}.`,
    order: p.orderNumber ? `Auftrag in Arbeit: ${p.orderNumber}` : null,
    when: `Gemeldet am ${at}.`,
    action: 'Board öffnen',
    why: 'Sie erhalten diese E-Mail, weil Sie Administrator Ihrer Firma sind.',
  }),
} satisfies Record<EmailLocale, unknown>;

/** A station stopped, to the company's supervisors: where, why, who, the order, the note, a link to the board. */
export const interruptionReportedEmail = defineEmailTemplate({
  name: 'interruption-reported',
  params: interruptionReportedParams,
  render(params, locale, links) {
    const t = texts[locale](params, writeInstantDateTime(params.at, params.dateFormat, locale, params.timeZone));
    const href = boardUrl(links.publicUrl);
    const lines = [
      t.greeting,
      '',
      t.intro,
      ...(t.order ? [t.order] : []),
      t.when,
      ...(params.note ? ['', params.note] : []),
      '',
      `${t.action}: ${href}`,
      '',
      t.why,
    ];
    return {
      subject: t.subject,
      text: lines.join('\n'),
      html: emailLayout(
        locale,
        t.subject,
        paragraph(t.greeting) +
          paragraph(t.intro) +
          (t.order ? paragraph(t.order) : '') +
          paragraph(t.when) +
          (params.note ? quote(params.note) : '') +
          button(href, t.action) +
          paragraph(t.why),
      ),
    };
  },
});

export const interruptionsEmailTemplates = [interruptionReportedEmail];
