const pad = (value: number) => String(value).padStart(2, '0');

/** Today as a calendar day (YYYY-MM-DD) in the user's time zone: "in the past" is judged on it. */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A day field's value as a date input shows it ('' for none). */
export const dayInput = (day: string | null): string => day ?? '';

/** A date input's value as the day the API takes (null for none). */
export const dayValue = (input: string): string | null => (input === '' ? null : input);

/** The employee's name as the headings show it. */
export const personName = (person: { firstName: string; lastName: string }): string => `${person.firstName} ${person.lastName}`.trim();
