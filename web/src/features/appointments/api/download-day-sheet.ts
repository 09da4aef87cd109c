import { downloadApiFile } from '@web/lib/file-download';

// The day's sheet as a PDF, laid out by the server in the language chosen (decision 091).
export function downloadDaySheet(calendarId: number, date: string, lang: string): Promise<void> {
  return downloadApiFile('/appointments/sheet', { calendar_id: String(calendarId), date, lang }, `day-sheet-${date}.pdf`);
}
