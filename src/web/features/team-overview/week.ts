/** The local calendar day of `at` as YYYY-MM-DD. */
export function dayOf(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Monday to Sunday of the week `at` falls in, as local calendar days. */
export function weekOf(at: Date): { from: string; to: string } {
  const sinceMonday = (at.getDay() + 6) % 7;
  const monday = new Date(at.getFullYear(), at.getMonth(), at.getDate() - sinceMonday);
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return { from: dayOf(monday), to: dayOf(sunday) };
}
