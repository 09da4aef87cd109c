import type { Language } from '@shared/i18n/languages';
import { indianDate } from '@shared/appointments/appointment-words';
import { zonedTimestamp } from '@shared/time/zoned-time';
import type { AppContext } from '../../context';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { listDay } from './appointments-use-cases';
import { listTokens } from './tokens-repository';

// The day's sheet as a PDF in the language asked for, else the office's (Settings). Reading
// citizens' names and mobiles out of the app onto paper is audited, like a voter export.
export async function printDaySheet(ctx: AppContext, actor: StaffActor, query: { calendar_id: number | null; date: string; lang?: Language }): Promise<{ pdf: Buffer; fileName: string }> {
  const day = await listDay(ctx.db, query.calendar_id, query.date);
  const tokens = (await listTokens(ctx.db, day.calendar.id, query.date)).map((item) => item.token);
  const settings = await readSettings(ctx.db);
  const language = query.lang ?? settings.language;
  await recordAudit(ctx.db, {
    action: 'PRINT_APPOINTMENT_SHEET',
    ...actor,
    tableName: 'appointment_calendars',
    recordId: day.calendar.id,
    recordName: `${day.calendar.name} ${query.date}`,
    details: { date: query.date, lang: language, bookings: day.items.length, tokens: tokens.length },
  });
  const stamp = zonedTimestamp(new Date(), settings.timezone);
  // pdfkit, fontkit and the fonts load with the first sheet, not in every process at start.
  const { daySheetPdf } = await import('./day-sheet-pdf');
  const pdf = await daySheetPdf({ day, tokens, office: settings.app_name, language, printedAt: `${indianDate(stamp.slice(0, 10))} ${stamp.slice(11, 16)}` });
  return { pdf, fileName: `day-sheet-${day.calendar.id}-${query.date}.pdf` };
}
