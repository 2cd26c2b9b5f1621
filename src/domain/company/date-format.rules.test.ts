import { describe, expect, it } from 'vitest';
import { writeDate, writeDay, writeInstantDate, writeInstantDateTime } from './date-format.rules.js';

describe("the company's date format", () => {
  it('writes a day in each format', () => {
    expect(writeDate('DD.MM.YYYY', 2026, 3, 7)).toBe('07.03.2026');
    expect(writeDate('DD/MM/YYYY', 2026, 3, 7)).toBe('07/03/2026');
    expect(writeDate('MM/DD/YYYY', 2026, 3, 7)).toBe('03/07/2026');
    expect(writeDate('YYYY-MM-DD', 2026, 3, 7)).toBe('2026-03-07');
  });

  it('writes a calendar day as it is, and an instant by its UTC day on the server', () => {
    expect(writeDay('2099-12-01', 'DD.MM.YYYY')).toBe('01.12.2099');
    expect(writeInstantDate('2026-11-21T23:30:00.000Z', 'YYYY-MM-DD', 'utc')).toBe('2026-11-21');
    expect(writeInstantDate(new Date('2026-01-02T08:00:00.000Z'), 'MM/DD/YYYY', 'utc')).toBe('01/02/2026');
  });

  it("writes an instant's date and time in the company's time zone, the zone named in the reader's language", () => {
    // 23:30 UTC is 00:30 the next day in Berlin; the offset follows DST.
    expect(writeInstantDateTime('2026-11-21T23:30:00.000Z', 'DD.MM.YYYY', 'de', 'Europe/Berlin')).toBe('22.11.2026, 00:30 (MEZ)');
    expect(writeInstantDateTime('2026-11-21T23:30:00.000Z', 'MM/DD/YYYY', 'en', 'Europe/Berlin')).toBe('11/22/2026, 12:30 AM (GMT+1)');
    expect(writeInstantDateTime(new Date('2026-07-01T06:15:00.000Z'), 'YYYY-MM-DD', 'de', 'Europe/Berlin')).toBe('2026-07-01, 08:15 (MESZ)');
    expect(writeInstantDateTime('2026-11-22T03:00:00.000Z', 'YYYY-MM-DD', 'en', 'America/New_York')).toBe('2026-11-21, 10:00 PM (EST)');
    expect(writeInstantDateTime('2026-11-21T23:30:00.000Z', 'DD.MM.YYYY', 'en', 'UTC')).toBe('21.11.2026, 11:30 PM (UTC)');
  });
});
