import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Slip, SlipFormat, SlipLanguage } from '@shared/slips/slip-schema';
import { pollLine, relativeLabel, SLIP_WORDS, stationLine } from '@shared/slips/slip-texts';
import { registerPdfFonts, writeText } from '../../lib/pdf-text';

// The slip PDF engine (issue 22, decision 030): shaped Devanagari and Gujarati through
// lib/pdf-text.ts (fontkit applies the fonts' OpenType tables; ActualText keeps the text as
// written for copying and reading aloud).
export { PDF_FONTS as SLIP_FONTS, scriptRuns } from '../../lib/pdf-text';

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const A4_COLUMNS = 2;
const A4_ROWS = 5;
export const SLIPS_PER_A4_PAGE = A4_COLUMNS * A4_ROWS;
const A4_MARGIN = 18;

type Doc = PDFKit.PDFDocument;
const write = writeText;

// The slip's QR code (a signed token, decision 085) as vector squares: sharp at any printer
// resolution, no image to embed. Error correction Q (a quarter of the code may be creased or
// smudged); the token's 25 capitals and digits still make a version 2 code, 25 modules a side.
export const QR_ERROR_CORRECTION = 'Q';
// Free paper a decoder wants around the code, in modules (the standard asks for 4).
export const QR_QUIET_MODULES = 4;

function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const count = qr.modules.size;
  const cell = size / count;
  doc.save().fillColor('#000');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

// One slip inside its box. Thermal slips are narrower: the QR code goes below the text there.
function drawSlip(doc: Doc, slip: Slip, lang: SlipLanguage, box: Box, narrow: boolean): void {
  const words = SLIP_WORDS[lang];
  const pad = narrow ? 4 : 8;
  const qrSize = narrow ? Math.min(box.width - 2 * pad, 90) : 62;
  // Beside an A4 slip's code, the text keeps the code's quiet zone free (4 modules of 25).
  const textWidth = narrow ? box.width - 2 * pad : box.width - 2 * pad - qrSize - Math.ceil((qrSize / 25) * QR_QUIET_MODULES);
  const x = box.x + pad;
  const small = narrow ? 7.5 : 8.5;
  const normal = narrow ? 9 : 10.5;
  doc.fillColor('#000');
  let y = box.y + pad - 2;
  y = write(doc, slip.election_name ? `${words.title} — ${slip.election_name}` : words.title, x, y, { size: small, bold: true, width: textWidth });
  y = write(doc, `${words.name}: ${slip.name}`, x, y, { size: normal + 1.5, bold: true, width: textWidth, lines: 2 });
  if (slip.relative_name) y = write(doc, `${relativeLabel(words, slip.relation_type)}: ${slip.relative_name}`, x, y, { size: small + 0.5, width: textWidth });
  // The EPIC may go to a second line, never be cut: with the widest letters ("WWM0000000") it
  // does not fit beside the Marathi label on one line.
  y = write(doc, `${words.epic}: ${slip.epic ?? '-'}`, x, y, { size: normal, bold: true, width: textWidth, lines: 2 });
  y = write(doc, `${words.part}: ${slip.part_number ?? '-'}    ${words.serial}: ${slip.serial ?? '-'}`, x, y, { size: normal, bold: true, width: textWidth });
  const fullWidth = box.width - 2 * pad;
  y = write(doc, `${words.station}: ${stationLine(slip) || '-'}`, x, y, { size: small + 0.5, width: narrow ? fullWidth : textWidth, lines: 2 });
  if (slip.station_address) y = write(doc, slip.station_address, x, y, { size: small, width: fullWidth, lines: 2 });
  y = write(doc, `${words.pollDate}: ${pollLine(slip, words)}`, x, y, { size: small + 0.5, bold: true, width: fullWidth, lines: narrow ? 2 : 1 });
  if (slip.out_of_town) y = write(doc, words.outOfTown, x, y, { size: small, bold: true, width: fullWidth, lines: narrow ? 2 : 1 });
  if (narrow) {
    y = write(doc, words.footer, x, y, { size: small, width: fullWidth, lines: 2 });
    drawQr(doc, slip.qr, box.x + (box.width - qrSize) / 2, y + 4, qrSize);
  } else {
    drawQr(doc, slip.qr, box.x + box.width - pad - qrSize, box.y + pad, qrSize);
  }
}

function cutLines(doc: Doc): void {
  const cellWidth = (A4.width - 2 * A4_MARGIN) / A4_COLUMNS;
  const cellHeight = (A4.height - 2 * A4_MARGIN) / A4_ROWS;
  doc.save().lineWidth(0.5).strokeColor('#777').dash(4, { space: 3 });
  for (let column = 0; column <= A4_COLUMNS; column += 1) {
    const x = A4_MARGIN + column * cellWidth;
    doc.moveTo(x, A4_MARGIN).lineTo(x, A4.height - A4_MARGIN);
  }
  for (let row = 0; row <= A4_ROWS; row += 1) {
    const y = A4_MARGIN + row * cellHeight;
    doc.moveTo(A4_MARGIN, y).lineTo(A4.width - A4_MARGIN, y);
  }
  doc.stroke().undash().restore();
}

const THERMAL_WIDTH: Record<Exclude<SlipFormat, 'a4'>, number> = { thermal58: 58 * MM, thermal80: 80 * MM };
// A thermal slip's length: the text, the QR code and a little paper to tear along.
const THERMAL_HEIGHT: Record<Exclude<SlipFormat, 'a4'>, number> = { thermal58: 100 * MM, thermal80: 100 * MM };

export interface SlipPdf {
  doc: Doc;
  add(slip: Slip): void;
  end(): void;
}

// A slip PDF to which slips are added one by one; the document is a readable stream, so the
// first pages leave while the later slips are still read.
export function slipPdf(options: { lang: SlipLanguage; format: SlipFormat; title: string }): SlipPdf {
  const { lang, format } = options;
  const thermal = format === 'a4' ? undefined : { width: THERMAL_WIDTH[format], height: THERMAL_HEIGHT[format] };
  const doc = new PDFDocument({
    size: thermal ? [thermal.width, thermal.height] : [A4.width, A4.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: options.title, Creator: 'Voter management system' },
    lang: lang === 'en' ? 'en-IN' : `${lang}-IN`,
  });
  registerPdfFonts(doc);
  let count = 0;
  return {
    doc,
    add(slip) {
      if (thermal) {
        doc.addPage();
        drawSlip(doc, slip, lang, { x: 0, y: 0, width: thermal.width, height: thermal.height }, true);
        doc.save().lineWidth(0.5).strokeColor('#777').dash(3, { space: 3 }).moveTo(0, thermal.height - 1).lineTo(thermal.width, thermal.height - 1).stroke().undash().restore();
      } else {
        const place = count % SLIPS_PER_A4_PAGE;
        if (place === 0) {
          doc.addPage();
          cutLines(doc);
        }
        const cellWidth = (A4.width - 2 * A4_MARGIN) / A4_COLUMNS;
        const cellHeight = (A4.height - 2 * A4_MARGIN) / A4_ROWS;
        const column = place % A4_COLUMNS;
        const row = Math.floor(place / A4_COLUMNS);
        drawSlip(doc, slip, lang, { x: A4_MARGIN + column * cellWidth, y: A4_MARGIN + row * cellHeight, width: cellWidth, height: cellHeight }, false);
      }
      count += 1;
    },
    end() {
      if (count === 0) doc.addPage();
      doc.end();
    },
  };
}

// The whole PDF in memory: for tests and small prints.
export async function slipPdfBuffer(slips: readonly Slip[], options: { lang: SlipLanguage; format: SlipFormat; title?: string }): Promise<Buffer> {
  const pdf = slipPdf({ ...options, title: options.title ?? 'Voter slips' });
  const chunks: Buffer[] = [];
  pdf.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.doc.on('end', resolve);
    pdf.doc.on('error', reject);
  });
  for (const slip of slips) pdf.add(slip);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
