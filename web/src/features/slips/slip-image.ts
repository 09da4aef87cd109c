import QRCode from 'qrcode';
import type { Slip, SlipLanguage } from '@shared/slips/slip-schema';
import { pollLine, relativeLabel, SLIP_WORDS, stationLine } from '@shared/slips/slip-texts';

// A slip drawn on a canvas as a PNG, to share through the phone's share sheet. The browser
// shapes the text itself (Chrome and Android with HarfBuzz) in the app's own Noto fonts.
const WIDTH = 720;
const FONT = '"Noto Sans", "Noto Sans Devanagari", "Noto Sans Gujarati", sans-serif';

function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function slipImage(slip: Slip, lang: SlipLanguage): Promise<Blob> {
  const words = SLIP_WORDS[lang];
  const rows: { text: string; size: number; bold?: boolean }[] = [
    { text: slip.election_name ? `${words.title} — ${slip.election_name}` : words.title, size: 24, bold: true },
    { text: `${words.name}: ${slip.name}`, size: 34, bold: true },
    ...(slip.relative_name ? [{ text: `${relativeLabel(words, slip.relation_type)}: ${slip.relative_name}`, size: 24 }] : []),
    { text: `${words.epic}: ${slip.epic ?? '-'}`, size: 28, bold: true },
    { text: `${words.part}: ${slip.part_number ?? '-'}    ${words.serial}: ${slip.serial ?? '-'}`, size: 28, bold: true },
    { text: `${words.station}: ${stationLine(slip) || '-'}`, size: 24 },
    ...(slip.station_address ? [{ text: slip.station_address, size: 22 }] : []),
    { text: `${words.pollDate}: ${pollLine(slip, words)}`, size: 24, bold: true },
    { text: words.footer, size: 22 },
  ];
  await document.fonts.ready;
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('No canvas');
  const qrSize = 200;
  const textWidth = WIDTH - 48 - qrSize - 24;
  const laid = rows.map((row) => {
    measure.font = `${row.bold ? 700 : 400} ${row.size}px ${FONT}`;
    return { ...row, lines: wrap(measure, row.text, textWidth) };
  });
  const height = Math.max(48 + laid.reduce((sum, row) => sum + row.lines.length * row.size * 1.5, 0) + 24, qrSize + 96);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = Math.ceil(height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.strokeStyle = '#94a3b8';
  context.setLineDash([10, 6]);
  context.strokeRect(6, 6, canvas.width - 12, canvas.height - 12);
  context.fillStyle = '#000';
  let y = 36;
  for (const row of laid) {
    context.font = `${row.bold ? 700 : 400} ${row.size}px ${FONT}`;
    for (const line of row.lines) {
      y += row.size * 1.2;
      context.fillText(line, 24, y);
      y += row.size * 0.3;
    }
  }
  // The slip's signed code, as on the printed slip (decision 085): a voter who shows this picture
  // on poll day is marked by a scan as one with the paper slip.
  const qr = QRCode.create(slip.qr, { errorCorrectionLevel: 'Q' });
  const cell = qrSize / qr.modules.size;
  const left = WIDTH - 24 - qrSize;
  for (let row = 0; row < qr.modules.size; row += 1) {
    for (let column = 0; column < qr.modules.size; column += 1) {
      if (qr.modules.get(row, column)) context.fillRect(left + column * cell, 36 + row * cell, Math.ceil(cell), Math.ceil(cell));
    }
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), 'image/png'));
}
