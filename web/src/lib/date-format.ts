// Dates and times shown in the timezone setting (spec sections 3 and 9), whatever the
// browser's own zone: the office reads one clock.
export function formatDateTime(iso: string, timeZone: string, locale: string = 'en-IN'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}
