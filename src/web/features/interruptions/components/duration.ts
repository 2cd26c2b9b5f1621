import type { TFunction } from 'i18next';

/** A duration in words: "12 min", "1 h 5 min", "40 s". */
export function durationText(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('interruptions.duration.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('interruptions.duration.minutes', { count: minutes });
  return t('interruptions.duration.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
