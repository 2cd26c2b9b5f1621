import { describe, expect, it } from 'vitest';
import { emailLocales } from '../../platform/mailer.js';
import { invitationEmail, passwordResetEmail, verificationCodeEmail } from './identity.emails.js';

const links = { publicUrl: 'https://console.example.com' };

describe('identity emails', () => {
  it.each(emailLocales)('carry the code and the link to the code page (%s)', (locale) => {
    const mail = verificationCodeEmail.render({ firstName: 'Anna', email: 'anna+test@example.com', code: '042917' }, locale, links);
    expect(mail.text).toContain('042917');
    expect(mail.html).toContain('042917');
    expect(mail.text).toContain('https://console.example.com/email-verification-code?email=anna%2Btest%40example.com');
  });

  it.each(emailLocales)('link to the reset and invitation pages (%s)', (locale) => {
    expect(passwordResetEmail.render({ firstName: 'Anna', token: 'tok-1' }, locale, links).text).toContain(
      'https://console.example.com/reset-password?token=tok-1',
    );
    expect(invitationEmail.render({ firstName: 'Max', companyName: 'Becker', token: 'tok-2' }, locale, links).text).toContain(
      'https://console.example.com/set-admin-password?token=tok-2',
    );
  });

  it('speaks English and German', () => {
    expect(verificationCodeEmail.render({ firstName: 'A', email: 'a@b.de', code: '000000' }, 'en', links).subject).toBe('Your confirmation code');
    expect(verificationCodeEmail.render({ firstName: 'A', email: 'a@b.de', code: '000000' }, 'de', links).subject).toBe('Ihr Bestätigungscode');
    expect(invitationEmail.render({ firstName: 'M', companyName: 'Becker', token: 't' }, 'de', links).subject).toBe('Ihre Einladung zu Becker');
  });

  it('escapes names in the HTML', () => {
    const mail = invitationEmail.render({ firstName: '<b>Max</b>', companyName: 'A & B "GmbH"', token: 't' }, 'en', links);
    expect(mail.html).not.toContain('<b>Max</b>');
    expect(mail.html).toContain('&lt;b&gt;Max&lt;/b&gt;');
    expect(mail.html).toContain('A &amp; B &quot;GmbH&quot;');
  });
});
