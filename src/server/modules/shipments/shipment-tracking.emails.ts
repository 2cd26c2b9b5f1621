import { z } from 'zod';
import { trackingPagePath } from '../../../domain/shipments/shipment-tracking.schema.js';
import { defineEmailTemplate, emailHtml, emailLayout, type EmailLocale } from '../../platform/mailer.js';

const { paragraph, button } = emailHtml;

const trackingLinkParams = z.object({
  /** The sending company, as its settings name it. */
  companyName: z.string(),
  token: z.string().min(1),
});
type TrackingLinkEmailParams = z.infer<typeof trackingLinkParams>;

const texts = {
  en: (p: TrackingLinkEmailParams) => ({
    subject: `Your shipment from ${p.companyName}`,
    greeting: 'Hello,',
    intro: `${p.companyName} has a shipment for you. Follow where it stands on this page:`,
    action: 'Track the shipment',
    note: `You get this email because ${p.companyName} sent you the link to its tracking page. The link works for a limited time.`,
  }),
  de: (p: TrackingLinkEmailParams) => ({
    subject: `Ihre Sendung von ${p.companyName}`,
    greeting: 'Guten Tag,',
    intro: `${p.companyName} hat eine Sendung für Sie. Auf dieser Seite sehen Sie, wo sie steht:`,
    action: 'Sendung verfolgen',
    note: `Sie erhalten diese E-Mail, weil ${p.companyName} Ihnen den Link zur Sendungsverfolgung geschickt hat. Der Link gilt für begrenzte Zeit.`,
  }),
} satisfies Record<EmailLocale, unknown>;

/** A shipment's tracking page, to the end customer: who sends it and the link (docs/shipments.md, "Tracking links"). */
export const trackingLinkEmail = defineEmailTemplate({
  name: 'shipment-tracking-link',
  params: trackingLinkParams,
  render(params, locale, links) {
    const t = texts[locale](params);
    const href = `${links.publicUrl}${trackingPagePath(params.token)}`;
    return {
      subject: t.subject,
      text: [t.greeting, '', t.intro, href, '', t.note].join('\n'),
      html: emailLayout(locale, t.subject, paragraph(t.greeting) + paragraph(t.intro) + button(href, t.action) + paragraph(t.note)),
    };
  },
});

export const shipmentsEmailTemplates = [trackingLinkEmail];
