/** Hours and minutes of a number of seconds: "1:30 h" (negative: "−0:10 h"). */
export function hoursText(seconds: number): string {
  const sign = seconds < 0 ? '−' : '';
  const minutes = Math.round(Math.abs(seconds) / 60);
  return `${sign}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} h`;
}

/** A moment's time of day in the reader's language ("07:30"). */
export const timeText = (language: string, at: string) => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(new Date(at));

/** A moment's weekday, date and time in the reader's language. */
export const dateTimeText = (language: string, at: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date(at));

/** The value of a `datetime-local` input for a moment (local time, minutes). */
export function localInputOf(at: string): string {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The moment a `datetime-local` input's value names (local time), as ISO; '' when it names none. */
export function isoOfLocalInput(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** `YYYY-MM-DD` of a day `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today in the browser's calendar (`YYYY-MM-DD`). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
