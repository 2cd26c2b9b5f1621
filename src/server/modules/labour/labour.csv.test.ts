import { describe, expect, it } from 'vitest';
import { decimalHours, payrollCsv, wallClockOf, type PayrollDay } from './labour.csv.js';

const day: PayrollDay = {
  userId: 'u-1',
  name: '=HYPERLINK("http://x")',
  day: '2026-11-23',
  firstIn: '2026-11-23T06:00:00.000Z',
  lastOut: '2026-11-23T14:00:00.000Z',
  grossSeconds: 8 * 3600,
  breakSeconds: 1800,
  netSeconds: 7.5 * 3600,
  clockOutMissing: false,
  corrected: true,
};

describe('the payroll CSV (docs/labour-and-costs.md, Payroll export)', () => {
  it('writes decimal hours, the zone in the header, German column names and decimal commas', () => {
    const [header, row] = payrollCsv([{ ...day, name: 'Olga Berg' }], 'de', 'Europe/Berlin')
      .slice(1)
      .split('\r\n');
    expect(header).toBe(
      'Mitarbeiter-ID;Mitarbeiter;Datum;Erstes Kommen (Europe/Berlin);Letztes Gehen (Europe/Berlin);Anwesenheit (Std.);Pause (Std.);Arbeitsstunden (Std.);Gehen fehlte;Korrigiert',
    );
    expect(row).toBe('u-1;Olga Berg;2026-11-23;07:00;15:00;8;0,5;7,5;nein;ja');
  });

  it('keeps a name from being read as a formula', () => {
    const row = payrollCsv([day], 'en', 'UTC').split('\r\n')[1];
    expect(row.startsWith(`u-1;"'=HYPERLINK(""http://x"")";2026-11-23;06:00;14:00;8;0.5;7.5;no;yes`)).toBe(true);
  });

  it('rounds hours to two decimals and reads wall-clock times in the zone', () => {
    expect(decimalHours(7 * 3600 + 20 * 60)).toBe(7.33);
    expect(wallClockOf('2026-07-06T22:30:00.000Z', 'Europe/Berlin')).toEqual({ day: '2026-07-07', time: '00:30' });
  });
});
