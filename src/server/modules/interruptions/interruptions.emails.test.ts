import { describe, expect, it } from 'vitest';
import { interruptionReportedEmail, type InterruptionReportedEmailParams } from './interruptions.emails.js';

const links = { publicUrl: 'https://console.example.com' };
const params = (overrides: Partial<InterruptionReportedEmailParams> = {}): InterruptionReportedEmailParams => ({
  firstName: 'Sabine',
  stationName: 'SÄGE',
  reasonName: 'Material fehlt',
  reporterName: 'Olga Berg',
  orderNumber: '000042',
  note: '',
  // Half past midnight on Sunday in Berlin (CET, UTC+1).
  at: '2026-11-21T23:30:00.000Z',
  dateFormat: 'DD.MM.YYYY',
  timeZone: 'Europe/Berlin',
  ...overrides,
});

describe('the interruption email', () => {
  it("shows when it was reported in the company's time zone and date format, the zone named in the reader's language", () => {
    expect(interruptionReportedEmail.render(params(), 'en', links).text).toContain('Reported on 22.11.2026, 12:30 AM (GMT+1).');
    expect(interruptionReportedEmail.render(params(), 'de', links).text).toContain('Gemeldet am 22.11.2026, 00:30 (MEZ).');
    expect(interruptionReportedEmail.render(params({ dateFormat: 'YYYY-MM-DD', at: '2026-07-01T06:15:00.000Z' }), 'de', links).html).toContain(
      'Gemeldet am 2026-07-01, 08:15 (MESZ).',
    );
    expect(interruptionReportedEmail.render(params({ timeZone: 'UTC' }), 'en', links).text).toContain('Reported on 21.11.2026, 11:30 PM (UTC).');
  });
});
