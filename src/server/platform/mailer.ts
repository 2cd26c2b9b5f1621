import type { Generated } from 'kysely';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db, Executor } from './db.js';
import { permanentJobFailure } from './job-errors.js';
import type { JobLogger } from './jobs.js';
import { locales, type Locale } from '../../domain/shared/locales.js';

interface DevMailboxTable {
  id: Generated<string>;
  message_id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  sent_at: Generated<Date>;
}

/** Message-IDs the mail server accepted (a retried send job checks here first). */
interface SentEmailsTable {
  message_id: string;
  sent_at: Generated<Date>;
}

declare module './db.js' {
  interface Tables {
    dev_mailbox: DevMailboxTable;
    sent_emails: SentEmailsTable;
  }
}

/** Languages of emails and printed documents: the product's languages. */
export const emailLocales = locales;
export type EmailLocale = Locale;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * One kind of email, declared by a module and listed in `src/server/jobs.ts`. `render` returns
 * the message in the requested language (English and German); links start at `publicUrl`.
 */
export interface EmailTemplate<Params = unknown> {
  name: string;
  params: z.ZodType<Params>;
  render(params: Params, locale: EmailLocale, links: { publicUrl: string }): RenderedEmail;
}

/** Keeps the params type of a template while letting lists hold templates of any params. */
export const defineEmailTemplate = <Params>(template: EmailTemplate<Params>): EmailTemplate => template as EmailTemplate;

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** Stable per job (`<jobId@host>`), so a retried send is stored once and receivers can spot repeats. */
  messageId: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'dev-mailbox';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it mail goes to the dev mailbox table. */
  smtpUrl?: string;
  from: string;
  db: Db;
  log: JobLogger;
  /** In production a missing SMTP_URL is a warning on every mail: nobody reads the dev mailbox there. */
  production: boolean;
}

/** SMTP reply codes 5xx are final refusals (no such mailbox, rejected): retrying cannot help. */
function isFinalRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(email) {
        // A job retried after a crash (the worker died after the server took the message, before
        // the job completed) finds its Message-ID here and does not send again. The window left:
        // a crash between the server's acceptance and this record (docs/jobs.md, Email).
        const sent = await options.db.selectFrom('sent_emails').select('message_id').where('message_id', '=', email.messageId).executeTakeFirst();
        if (sent) {
          options.log.info({ messageId: email.messageId }, 'email already accepted by the mail server; not sent again');
          return;
        }
        try {
          await transport.sendMail({ from: options.from, ...email });
        } catch (error) {
          if (isFinalRefusal(error)) throw permanentJobFailure(`The mail server refused the message: ${(error as Error).message}`);
          throw error;
        }
        // The message is out: failing to record it must not fail the job (a retry would send it again).
        await options.db
          .insertInto('sent_emails')
          .values({ message_id: email.messageId })
          .onConflict((conflict) => conflict.column('message_id').doNothing())
          .execute()
          .catch((error: unknown) => options.log.warn({ err: error, messageId: email.messageId }, 'email sent, but its Message-ID could not be recorded'));
      },
      close: () => transport.close(),
    };
  }
  return {
    transport: 'dev-mailbox',
    async send(email) {
      await options.db
        .insertInto('dev_mailbox')
        .values({
          message_id: email.messageId,
          to_address: email.to,
          from_address: options.from,
          subject: email.subject,
          text_body: email.text,
          html_body: email.html,
        })
        .onConflict((conflict) => conflict.column('message_id').doNothing())
        .execute();
      if (options.production) {
        options.log.warn({ to: email.to, subject: email.subject }, 'SMTP_URL is not set: email kept in the dev mailbox table, not delivered');
      } else {
        options.log.info(
          { to: email.to, subject: email.subject, text: email.text },
          'email stored in the dev mailbox (the master user reads it at /dev-mailbox)',
        );
      }
    },
    close() {},
  };
}

/** Deletes the dev mailbox's messages to these addresses (a deleted customer's users). */
export async function forgetDevMail(db: Executor, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  const lowered = addresses.map((address) => address.toLowerCase());
  await db
    .deleteFrom('dev_mailbox')
    .where((eb) => eb(eb.fn('lower', ['to_address']), 'in', lowered))
    .execute();
}

export interface DevMailboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
}

/** Messages of the dev mailbox, newest first, optionally only those to one address (any case). */
export async function listDevMailbox(db: Db, filter: { to?: string; limit: number }): Promise<DevMailboxMessage[]> {
  let query = db.selectFrom('dev_mailbox').selectAll().orderBy('sent_at', 'desc').orderBy('id').limit(filter.limit);
  if (filter.to) query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', filter.to?.toLowerCase() ?? ''));
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    sentAt: row.sent_at,
  }));
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML bodies: every value a template puts into `html` goes through this. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => htmlEntities[char]);

/** The colour of a template's buttons and quotes: the brand's, or red for an alarm (a station stopped). */
export type EmailTone = 'brand' | 'alarm';
const toneColours: Record<EmailTone, string> = { brand: '#0b2447', alarm: '#b3261e' };

/** The pieces of a template's HTML body, each escaping the text it is given. */
export const emailHtml = {
  paragraph: (text: string) => `<p>${escapeHtml(text)}</p>`,
  /** A link that looks like a button. */
  button: (href: string, label: string, tone: EmailTone = 'brand') =>
    `<p><a href="${escapeHtml(href)}" style="display: inline-block; background: ${toneColours[tone]}; color: #ffffff; padding: 10px 18px; border-radius: 4px; text-decoration: none;">${escapeHtml(label)}</a></p>`,
  /** A user's text as they wrote it (line breaks kept), set off by a bar. */
  quote: (text: string, tone: EmailTone = 'brand') =>
    `<blockquote style="margin: 12px 0; padding: 8px 12px; border-left: 4px solid ${toneColours[tone]}; white-space: pre-wrap;">${escapeHtml(text)}</blockquote>`,
};

const testMessageText = {
  en: { subject: 'Test message from Shopfloor Console', body: 'This message confirms that email delivery works.' },
  de: { subject: 'Testnachricht von Shopfloor Console', body: 'Diese Nachricht bestätigt, dass der E-Mail-Versand funktioniert.' },
} satisfies Record<EmailLocale, { subject: string; body: string }>;

/** The platform's own template: checks a mail setup end to end (SMTP or dev mailbox, server or worker). */
export const testMessageTemplate = defineEmailTemplate({
  name: 'test-message',
  params: z.object({ note: z.string().max(500).optional() }),
  render({ note }, locale) {
    const { subject, body } = testMessageText[locale];
    const lines = note ? [body, note] : [body];
    return {
      subject,
      text: lines.join('\n\n'),
      html: emailLayout(locale, subject, lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
    };
  },
});

/** A plain, mail-client-safe HTML page around a template's body (already escaped). */
export function emailLayout(locale: EmailLocale, title: string, bodyHtml: string): string {
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family: Inter, Arial, sans-serif; color: #1a1a1a; line-height: 1.5; margin: 0; padding: 24px;">` +
    `${bodyHtml}</body></html>`
  );
}
