import { describe, expect, it } from 'vitest';
import { emailLocales } from '../../platform/mailer.js';
import { completedAtText, workCompletedEmail, type WorkCompletedEmailParams } from './orders.emails.js';

const links = { publicUrl: 'https://console.example.com' };
const orderId = '0b7d2a52-53b8-4b0e-9d55-6f1f6c1c7f11';
const params = (overrides: Partial<WorkCompletedEmailParams> = {}): WorkCompletedEmailParams => ({
  firstName: 'Ali',
  orderId,
  orderNumber: '000042',
  stationName: 'SÄGE',
  completedAt: '2026-11-21T08:03:00.000Z',
  dateFormat: 'DD.MM.YYYY',
  timeZone: 'Europe/Berlin',
  nextStationName: 'BOHREN',
  finished: false,
  ...overrides,
});

describe('the work-completed email of a station', () => {
  it.each(emailLocales)('names the order and station and links to the order details page (%s)', (locale) => {
    const mail = workCompletedEmail.render(params(), locale, links);
    for (const part of [mail.subject, mail.text]) {
      expect(part).toContain('000042');
      expect(part).toContain('SÄGE');
    }
    expect(mail.text).toContain(`https://console.example.com/order/details/${orderId}`);
    expect(mail.html).toContain(`href="https://console.example.com/order/details/${orderId}"`);
    expect(mail.text).toContain('BOHREN');
  });

  it("writes the date in the company's date format", () => {
    const mail = workCompletedEmail.render(params({ dateFormat: 'YYYY-MM-DD' }), 'en', links);
    expect(mail.text).toContain('on 2026-11-21, 9:03 AM (GMT+1)');
    expect(mail.html).toContain('2026-11-21, 9:03 AM (GMT+1)');
    expect(workCompletedEmail.render(params({ dateFormat: 'MM/DD/YYYY' }), 'de', links).text).toContain('am 11/21/2026, 09:03 (MEZ)');
  });

  it("speaks English and German, with the time of completion in the company's time zone", () => {
    const en = workCompletedEmail.render(params(), 'en', links);
    expect(en.subject).toBe('Order 000042 completed at SÄGE');
    expect(en.text).toContain('Order 000042 was completed at station SÄGE on 21.11.2026, 9:03 AM (GMT+1).');
    expect(en.text).toContain('Next: station BOHREN.');
    const de = workCompletedEmail.render(params(), 'de', links);
    expect(de.subject).toBe('Auftrag 000042 an SÄGE abgeschlossen');
    expect(de.text).toContain('Auftrag 000042 wurde am 21.11.2026, 09:03 (MEZ) an der Station SÄGE abgeschlossen.');
    expect(de.text).toContain('Als Nächstes: Station BOHREN.');
  });

  it('says production is finished after the last station, and stays vague when the next station is gone', () => {
    expect(workCompletedEmail.render(params({ nextStationName: null, finished: true }), 'en', links).text).toContain(
      'Production is finished: the order now waits in WIP.',
    );
    expect(workCompletedEmail.render(params({ nextStationName: null, finished: true }), 'de', links).text).toContain('Die Produktion ist abgeschlossen');
    expect(workCompletedEmail.render(params({ nextStationName: null }), 'en', links).text).toContain('Next: it moves on to the next station.');
  });

  it('escapes names in the HTML', () => {
    const mail = workCompletedEmail.render(params({ firstName: '<b>Ali</b>' }), 'en', links);
    expect(mail.html).not.toContain('<b>Ali</b>');
    expect(mail.html).toContain('&lt;b&gt;Ali&lt;/b&gt;');
  });

  it("writes the instant's date in the company's format and its time per language, in the company's time zone", () => {
    expect(completedAtText('2026-01-05T17:30:00.000Z', 'en', 'DD/MM/YYYY', 'UTC')).toBe('05/01/2026, 5:30 PM (UTC)');
    expect(completedAtText('2026-01-05T17:30:00.000Z', 'de', 'DD.MM.YYYY', 'UTC')).toBe('05.01.2026, 17:30 (UTC)');
    // 23:30 UTC is half past midnight of the next day in Berlin: an hour ahead in winter, two in summer.
    expect(completedAtText('2026-01-05T23:30:00.000Z', 'de', 'DD.MM.YYYY', 'Europe/Berlin')).toBe('06.01.2026, 00:30 (MEZ)');
    expect(completedAtText('2026-07-05T23:30:00.000Z', 'de', 'DD.MM.YYYY', 'Europe/Berlin')).toBe('06.07.2026, 01:30 (MESZ)');
    expect(completedAtText('2026-07-05T23:30:00.000Z', 'en', 'YYYY-MM-DD', 'Europe/Berlin')).toBe('2026-07-06, 1:30 AM (GMT+2)');
  });
});
