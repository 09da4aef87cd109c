import { startOfZonedDay } from '../time/zoned-time';
import { SILENCE_HOURS } from './poll-schema';

export interface PollSettings {
  poll_date: string;
  poll_start: string;
  poll_end: string;
  timezone: string;
}

export interface PollWindow {
  opens: Date;
  closes: Date;
  // Bulk SMS is refused from here until `closes`.
  silenceFrom: Date;
}

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

// When polls open and close (the poll date and hours read in the office timezone), and when the
// silence period starts; null while no poll date is set.
export function pollWindow(settings: PollSettings): PollWindow | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(settings.poll_date)) return null;
  const day = startOfZonedDay(settings.poll_date, settings.timezone).getTime();
  const opens = new Date(day + minutesOf(settings.poll_start) * 60_000);
  const closes = new Date(day + minutesOf(settings.poll_end) * 60_000);
  return { opens, closes, silenceFrom: new Date(opens.getTime() - SILENCE_HOURS * 3_600_000) };
}

export function inSilencePeriod(settings: PollSettings, now: Date): PollWindow | null {
  const window = pollWindow(settings);
  if (!window) return null;
  return now >= window.silenceFrom && now < window.closes ? window : null;
}

// The hours of the poll day the turnout chart shows: the hour polls open to the hour they close.
export function pollHours(settings: Pick<PollSettings, 'poll_start' | 'poll_end'>): number[] {
  const first = Math.floor(minutesOf(settings.poll_start) / 60);
  const last = Math.floor((minutesOf(settings.poll_end) - 1) / 60);
  const hours: number[] = [];
  for (let hour = first; hour <= Math.max(first, last); hour += 1) hours.push(hour);
  return hours;
}

// One formatter per timezone: making an Intl.DateTimeFormat costs a hundred times more than
// formatting with it (it was 6% of a poll-day mark's CPU).
const hourFormats = new Map<string, Intl.DateTimeFormat>();

// The office-timezone hour of an instant.
export function zonedHour(instant: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(instant));
}
