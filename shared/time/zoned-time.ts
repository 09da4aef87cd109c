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
