import { z } from 'zod';
import { dateFormats } from '../../../domain/company/company.schema.js';
import { writeInstantDateTime, type DateFormat } from '../../../domain/company/date-format.rules.js';
import { defineEmailTemplate, emailHtml, emailLayout, type EmailLocale } from '../../platform/mailer.js';

const { paragraph, button } = emailHtml;

/** The console's order details page (src/web/app/routes.ts: `/order/details/:id`). */
export const orderDetailsUrl = (publicUrl: string, orderId: string) => `${publicUrl}/order/details/${encodeURIComponent(orderId)}`;

/**
 * When: in the company's time zone, the date in the company's date format, the time and the zone's
 * name in the user's language (`21.11.2026, 09:03 (MEZ)`).
 */
export function completedAtText(iso: string, locale: EmailLocale, dateFormat: DateFormat, timeZone: string): string {
  return writeInstantDateTime(iso, dateFormat, locale, timeZone);
}

const workCompletedParams = z.object({
  firstName: z.string(),
  orderId: z.uuid(),
  orderNumber: z.string().min(1),
  stationName: z.string().min(1),
  completedAt: z.iso.datetime({ offset: true }),
  /** The company's date format (Advanced settings). */
  dateFormat: z.enum(dateFormats),
  /** The company's IANA time zone (its working time's): the time is shown there. */
  timeZone: z.string().min(1),
  /** Where the order goes next; null with `finished` when it left the line. */
  nextStationName: z.string().nullable(),
  /** Production is finished: the order went to the WIP stage. */
  finished: z.boolean(),
});
export type WorkCompletedEmailParams = z.infer<typeof workCompletedParams>;

type Texts = { subject: string; greeting: string; intro: string; next: string; action: string; why: string };

const workCompletedText = {
  en: (p: WorkCompletedEmailParams, at: string): Texts => ({
    subject: `Order ${p.orderNumber} completed at ${p.stationName}`,
    greeting: `Hello ${p.firstName},`,
    intro: `Order ${p.orderNumber} was completed at station ${p.stationName} on ${at}.`,
    next: p.finished
      ? 'Production is finished: the order now waits in WIP.'
      : p.nextStationName
        ? `Next: station ${p.nextStationName}.`
        : 'Next: it moves on to the next station.',
    action: 'Open the order',
    why: `You get this email because station ${p.stationName} notifies you when an order is completed there.`,
  }),
  de: (p: WorkCompletedEmailParams, at: string): Texts => ({
    subject: `Auftrag ${p.orderNumber} an ${p.stationName} abgeschlossen`,
    greeting: `Hallo ${p.firstName},`,
    intro: `Auftrag ${p.orderNumber} wurde am ${at} an der Station ${p.stationName} abgeschlossen.`,
    next: p.finished
      ? 'Die Produktion ist abgeschlossen: Der Auftrag wartet jetzt im WIP.'
      : p.nextStationName
        ? `Als Nächstes: Station ${p.nextStationName}.`
        : 'Als Nächstes: Er geht weiter zur nächsten Station.',
    action: 'Auftrag öffnen',
    why: `Sie erhalten diese E-Mail, weil die Station ${p.stationName} Sie benachrichtigt, wenn dort ein Auftrag abgeschlossen wird.`,
  }),
} satisfies Record<EmailLocale, unknown>;

/** A station's "notify user" action: an order was completed there; what comes next; a link to the order. */
export const workCompletedEmail = defineEmailTemplate({
  name: 'orders-work-completed',
  params: workCompletedParams,
  render(params, locale, links) {
    const t = workCompletedText[locale](params, completedAtText(params.completedAt, locale, params.dateFormat, params.timeZone));
    const href = orderDetailsUrl(links.publicUrl, params.orderId);
    return {
      subject: t.subject,
      text: [t.greeting, '', t.intro, t.next, '', `${t.action}: ${href}`, '', t.why].join('\n'),
      html: emailLayout(locale, t.subject, paragraph(t.greeting) + paragraph(t.intro) + paragraph(t.next) + button(href, t.action) + paragraph(t.why)),
    };
  },
});

export const ordersEmailTemplates = [workCompletedEmail];
