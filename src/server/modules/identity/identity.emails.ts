import { z } from 'zod';
import { VERIFICATION_CODE_TTL_MS } from '../../../domain/identity/identity.rules.js';
import { defineEmailTemplate, emailHtml, emailLayout, escapeHtml, type EmailLocale } from '../../platform/mailer.js';

const { paragraph, button } = emailHtml;

const codeMinutes = VERIFICATION_CODE_TTL_MS / 60_000;

const verificationCodeText = {
  en: (p: { firstName: string }) => ({
    subject: 'Your confirmation code',
    greeting: `Hello ${p.firstName},`,
    intro: 'Enter this code to confirm your email address and start your 30-day free trial:',
    validity: `The code is valid for ${codeMinutes} minutes and can be tried 5 times.`,
    link: 'Open the confirmation page',
    ignore: 'If you did not sign up, you can ignore this email.',
  }),
  de: (p: { firstName: string }) => ({
    subject: 'Ihr Bestätigungscode',
    greeting: `Hallo ${p.firstName},`,
    intro: 'Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen und Ihre 30-tägige kostenlose Testphase zu starten:',
    validity: `Der Code ist ${codeMinutes} Minuten gültig und kann 5-mal versucht werden.`,
    link: 'Bestätigungsseite öffnen',
    ignore: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
  }),
} satisfies Record<EmailLocale, unknown>;

/** The 6-digit code after sign-up (or a resend); links to the code page with the address filled in. */
export const verificationCodeEmail = defineEmailTemplate({
  name: 'identity-verification-code',
  params: z.object({ firstName: z.string(), email: z.string(), code: z.string().regex(/^[0-9]{6}$/) }),
  render(params, locale, links) {
    const t = verificationCodeText[locale](params);
    const href = `${links.publicUrl}/email-verification-code?email=${encodeURIComponent(params.email)}`;
    return {
      subject: t.subject,
      text: [t.greeting, '', t.intro, '', params.code, '', t.validity, `${t.link}: ${href}`, '', t.ignore].join('\n'),
      html: emailLayout(
        locale,
        t.subject,
        paragraph(t.greeting) +
          paragraph(t.intro) +
          `<p style="font-size: 28px; font-weight: 700; letter-spacing: 6px;">${escapeHtml(params.code)}</p>` +
          paragraph(t.validity) +
          button(href, t.link) +
          paragraph(t.ignore),
      ),
    };
  },
});

const resetText = {
  en: (p: { firstName: string }) => ({
    subject: 'Reset your password',
    greeting: `Hello ${p.firstName},`,
    intro: 'Someone asked to reset the password of your account. Choose a new password here:',
    validity: 'The link works once and for 1 hour.',
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this email; your password stays as it is.',
  }),
  de: (p: { firstName: string }) => ({
    subject: 'Passwort zurücksetzen',
    greeting: `Hallo ${p.firstName},`,
    intro: 'Für Ihr Konto wurde das Zurücksetzen des Passworts angefordert. Wählen Sie hier ein neues Passwort:',
    validity: 'Der Link funktioniert einmal und 1 Stunde lang.',
    action: 'Neues Passwort wählen',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
  }),
} satisfies Record<EmailLocale, unknown>;

/** The password reset link (1 hour, single use). */
export const passwordResetEmail = defineEmailTemplate({
  name: 'identity-password-reset',
  params: z.object({ firstName: z.string(), token: z.string().min(1) }),
  render(params, locale, links) {
    const t = resetText[locale](params);
    const href = `${links.publicUrl}/reset-password?token=${encodeURIComponent(params.token)}`;
    return {
      subject: t.subject,
      text: [t.greeting, '', t.intro, href, '', t.validity, t.ignore].join('\n'),
      html: emailLayout(locale, t.subject, paragraph(t.greeting) + paragraph(t.intro) + button(href, t.action) + paragraph(t.validity) + paragraph(t.ignore)),
    };
  },
});

const invitationText = {
  en: (p: { firstName: string; companyName: string }) => ({
    subject: `Your invitation to ${p.companyName}`,
    greeting: `Hello ${p.firstName},`,
    intro: `You have been invited as an administration user of ${p.companyName}. Set your password to sign in:`,
    validity: 'The link works once and for 72 hours.',
    action: 'Set your password',
  }),
  de: (p: { firstName: string; companyName: string }) => ({
    subject: `Ihre Einladung zu ${p.companyName}`,
    greeting: `Hallo ${p.firstName},`,
    intro: `Sie wurden als Verwaltungsbenutzer von ${p.companyName} eingeladen. Legen Sie Ihr Passwort fest, um sich anzumelden:`,
    validity: 'Der Link funktioniert einmal und 72 Stunden lang.',
    action: 'Passwort festlegen',
  }),
} satisfies Record<EmailLocale, unknown>;

/** The invitation of an administration user (72 hours, single use). */
export const invitationEmail = defineEmailTemplate({
  name: 'identity-invitation',
  params: z.object({ firstName: z.string(), companyName: z.string(), token: z.string().min(1) }),
  render(params, locale, links) {
    const t = invitationText[locale](params);
    const href = `${links.publicUrl}/set-admin-password?token=${encodeURIComponent(params.token)}`;
    return {
      subject: t.subject,
      text: [t.greeting, '', t.intro, href, '', t.validity].join('\n'),
      html: emailLayout(locale, t.subject, paragraph(t.greeting) + paragraph(t.intro) + button(href, t.action) + paragraph(t.validity)),
    };
  },
});

const existingAccountText = {
  en: (p: { firstName: string }) => ({
    subject: 'Someone tried to register with your address',
    greeting: `Hello ${p.firstName},`,
    intro: 'Someone just tried to register a new account with this email address. You already have an account, so no new one was created.',
    signIn: 'Sign in',
    reset: 'Forgot your password? Reset it here',
    ignore: 'If this was not you, you can ignore this email; your account stays as it is.',
  }),
  de: (p: { firstName: string }) => ({
    subject: 'Registrierungsversuch mit Ihrer Adresse',
    greeting: `Hallo ${p.firstName},`,
    intro: 'Soeben wurde versucht, mit dieser E-Mail-Adresse ein neues Konto zu registrieren. Sie haben bereits ein Konto, daher wurde kein neues angelegt.',
    signIn: 'Anmelden',
    reset: 'Passwort vergessen? Hier zurücksetzen',
    ignore: 'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren; Ihr Konto bleibt unverändert.',
  }),
} satisfies Record<EmailLocale, unknown>;

/**
 * A sign-up with an address that already has an account: the owner is told (sign in or reset the
 * password) while the caller sees the answer of any sign-up, so the route reveals no address.
 */
export const existingAccountEmail = defineEmailTemplate({
  name: 'identity-existing-account',
  params: z.object({ firstName: z.string(), email: z.string() }),
  render(params, locale, links) {
    const t = existingAccountText[locale](params);
    const signIn = `${links.publicUrl}/login`;
    const reset = `${links.publicUrl}/forgot-password`;
    return {
      subject: t.subject,
      text: [t.greeting, '', t.intro, '', `${t.signIn}: ${signIn}`, `${t.reset}: ${reset}`, '', t.ignore].join('\n'),
      html: emailLayout(
        locale,
        t.subject,
        paragraph(t.greeting) +
          paragraph(t.intro) +
          button(signIn, t.signIn) +
          `<p><a href="${escapeHtml(reset)}">${escapeHtml(t.reset)}</a></p>` +
          paragraph(t.ignore),
      ),
    };
  },
});

export const identityEmailTemplates = [verificationCodeEmail, passwordResetEmail, invitationEmail, existingAccountEmail];
