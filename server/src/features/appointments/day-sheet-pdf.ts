import PDFDocument from 'pdfkit';
import type { AppointmentDay } from '@shared/appointments/appointment-schema';
import { DAY_SHEET_WORDS, indianDate } from '@shared/appointments/appointment-words';
import type { WalkInToken } from '@shared/appointments/walk-in-token-schema';
import type { Language } from '@shared/i18n/languages';
import { registerPdfFonts, type TextStyle, writeText } from '../../lib/pdf-text';

// The day's sheet (issue 59, decision 091): one calendar's day on A4, its bookings by time and
// its walk-in tokens in order, in one language, for the leader's desk and the door. Laid out by
// pdfkit with the slips' shaped fonts (lib/pdf-text.ts), so Marathi reads the same on any printer
// and in any PDF viewer, whatever browser the office has. Loaded on the first print only.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN - 20;
const CELL_PAD = 4;


interface Column {
  width: number;
  lines?: number;
  bold?: boolean;
}

export interface DaySheet {
  day: AppointmentDay;
  tokens: readonly WalkInToken[];
  office: string;
  language: Language;
  // The office's local time of printing, as words for the footer.
  printedAt: string;
}

export async function daySheetPdf(sheet: DaySheet): Promise<Buffer> {
  const words = DAY_SHEET_WORDS[sheet.language];
  const doc = new PDFDocument({
    size: [A4.width, A4.height],
    // Margins are kept here, not by pdfkit, which would start a page for the footer.
    margin: 0,
    info: { Title: `${words.title} ${sheet.day.calendar.name} ${sheet.day.date}`, Creator: 'Voter management system' },
    lang: sheet.language === 'en' ? 'en-IN' : `${sheet.language}-IN`,
  });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  let y = MARGIN;
  const footer = () => writeText(doc, words.printed.replace('{when}', sheet.printedAt), MARGIN, A4.height - MARGIN - 12, { size: 8, width: WIDTH });
  const newPage = () => {
    footer();
    doc.addPage();
    y = MARGIN;
  };

  const style = (column: Column, size = 9.5): TextStyle => ({ size, bold: column.bold, width: column.width - 2 * CELL_PAD, lines: column.lines ?? 1 });
  // One table row: each cell written at the row's top, the row as tall as its tallest cell.
  const row = (columns: readonly Column[], cells: readonly string[], header = false) => {
    // The tallest cell, at most its column's lines, decides whether the row still fits the page.
    const lineHeight = 9.5 * 1.45;
    doc.font('deva').fontSize(9.5);
    const height =
      Math.max(...columns.map((column, index) => Math.min(doc.heightOfString(cells[index] || ' ', { width: column.width - 2 * CELL_PAD, lineGap: 0 }), lineHeight * (column.lines ?? 1)), lineHeight)) +
      2 * CELL_PAD;
    if (y + height > BOTTOM) newPage();
    if (header) doc.save().rect(MARGIN, y, WIDTH, height).fill('#e5e7eb').restore();
    let x = MARGIN;
    let bottom = y + height;
    columns.forEach((column, index) => {
      bottom = Math.max(bottom, writeText(doc, cells[index] ?? '', x + CELL_PAD, y + CELL_PAD, style(header ? { ...column, bold: true } : column)) + CELL_PAD);
      x += column.width;
    });
    doc.save().lineWidth(0.5).strokeColor('#9ca3af').moveTo(MARGIN, bottom).lineTo(MARGIN + WIDTH, bottom).stroke().restore();
    y = bottom;
  };
  const heading = (text: string) => {
    if (y + 60 > BOTTOM) newPage();
    y = writeText(doc, text, MARGIN, y + 10, { size: 12.5, bold: true, width: WIDTH }) + 2;
  };

  y = writeText(doc, sheet.office, MARGIN, y, { size: 9, width: WIDTH });
  y = writeText(doc, `${words.title} — ${sheet.day.calendar.name}`, MARGIN, y, { size: 16, bold: true, width: WIDTH, lines: 2 });
  y = writeText(doc, indianDate(sheet.day.date), MARGIN, y, { size: 11, bold: true, width: WIDTH });
  if (sheet.day.closed) {
    const closed = sheet.day.closed.kind === 'blocked' ? words.blocked.replace('{reason}', sheet.day.closed.reason) : words.notWorking;
    y = writeText(doc, closed, MARGIN, y + 2, { size: 10.5, bold: true, width: WIDTH });
  }

  // The bookings that still stand (a cancelled one frees its time and is not on the sheet).
  const bookings = sheet.day.items.filter((item) => item.status !== 'Cancelled');
  heading(`${words.bookings} (${bookings.length})`);
  const bookingColumns: Column[] = [{ width: 44, bold: true }, { width: 140, lines: 2, bold: true }, { width: 72 }, { width: 182, lines: 3 }, { width: WIDTH - 44 - 140 - 72 - 182 }];
  if (bookings.length === 0) y = writeText(doc, words.none, MARGIN, y + 2, { size: 9.5, width: WIDTH });
  else {
    row(bookingColumns, [words.time, words.name, words.mobile, words.purpose, words.status], true);
    for (const booking of bookings) {
      const name = booking.booth ? `${booking.visitor_name} (${booking.booth})` : booking.visitor_name;
      const purpose = booking.kind === 'hearing' ? `${booking.purpose} — ${words.kinds.hearing}` : booking.purpose;
      row(bookingColumns, [booking.slot, name, booking.visitor_mobile ?? '', purpose, words.statuses[booking.status]]);
    }
  }

  heading(`${words.tokens} (${sheet.tokens.length})`);
  const tokenColumns: Column[] = [{ width: 44, bold: true }, { width: 140, lines: 2, bold: true }, { width: 72 }, { width: 182, lines: 3 }, { width: WIDTH - 44 - 140 - 72 - 182 }];
  if (sheet.tokens.length === 0) y = writeText(doc, words.none, MARGIN, y + 2, { size: 9.5, width: WIDTH });
  else {
    row(tokenColumns, [words.token, words.name, words.mobile, words.purpose, words.status], true);
    for (const token of sheet.tokens) {
      const name = token.booth ? `${token.visitor_name} (${token.booth})` : token.visitor_name;
      row(tokenColumns, [String(token.token_number), name, token.visitor_mobile ?? '', token.purpose, words.tokenStatuses[token.status]]);
    }
  }
  footer();
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
