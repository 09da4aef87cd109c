// Calendar days in an IANA timezone turned into UTC instants, without a date library:
// the audit log filters by the days people see on screen, which are in the timezone setting.
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

// The UTC instant at which the day `yyyy-mm-dd` starts in `timeZone`.
export function startOfZonedDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, date);
  // Twice, so a daylight-saving change between the guess and the answer is accounted for.
  const first = wallClock - offsetMs(wallClock, timeZone);
  return new Date(wallClock - offsetMs(first, timeZone));
}

// The day after `yyyy-mm-dd`, as `yyyy-mm-dd`.
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

// The calendar day (yyyy-mm-dd) an instant falls on in `timeZone`.
export function zonedDay(instant: Date, timeZone: string): string {
  return new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

// An instant as the wall clock in `timeZone` shows it, with the offset:
// 2026-11-23T21:56:36+05:30.
export function zonedTimestamp(instant: Date, timeZone: string): string {
  const offset = offsetMs(instant.getTime(), timeZone);
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
