import { describe, expect, it } from 'vitest';
import { writeDate, writeDay, writeInstantDate } from './date-format.rules.js';

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
});
