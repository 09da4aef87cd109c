import { zonedHour } from '../poll/poll-window';
import { nextDay, startOfZonedDay, zonedDay } from '../time/zoned-time';

// TRAI's rule for promotional messages (issue 60): none between 21:00 and 09:00, office time.
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 9;

// When a promotional message asked for at `now` may go: null if now, else the next 09:00.
export function promotionalHeldUntil(now: Date, timeZone: string): Date | null {
  const hour = zonedHour(now, timeZone);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const today = zonedDay(now, timeZone);
  const morningOf = hour >= QUIET_FROM_HOUR ? nextDay(today) : today;
  // The office timezones have no daylight-saving change at night: midnight plus nine hours.
  return new Date(startOfZonedDay(morningOf, timeZone).getTime() + QUIET_UNTIL_HOUR * 3_600_000);
}
