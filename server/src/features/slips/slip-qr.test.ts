import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { Slip, SlipFormat } from '@shared/slips/slip-schema';
import { pdfPagesText } from './pdf-reading';
import { slipPdfBuffer } from './slip-pdf';
import { signSlipToken, slipTokenKey, verifySlipToken } from './slip-tokens';

// The QR code printed on a slip really scans (issue 61, decision 085): the PDF's pages are drawn
// by pdf.js at a phone photo's resolution or less, each slip cut out as a camera would frame it,
// and read with jsQR, the decoder the poll-day phone uses. What it reads must be the token
// signed for that slip's voter, which the server takes back.

const key = slipTokenKey('slip-qr-test-secret-of-thirty-two-characters');

const slipOf = (voterId: number): Slip => ({
  // Long names and addresses fill the text beside the code as much as a slip allows.
  name: voterId % 2 === 0 ? `क्षितिज त्र्यंबकराव ज्ञानेश्वर कुलकर्णी देशमुख ${voterId}` : `Kshitij Trimbakrao Dnyaneshwar ${voterId}`,
  relative_name: 'त्र्यंबकराव ज्ञानेश्वर कुलकर्णी',
  relation_type: 'Father',
  epic: 'WWM0000000',
  part_number: 112,
  serial: voterId,
  station_number: 112,
  station_name: 'जिल्हा परिषद प्राथमिक शाळा, खोली क्रमांक 2, आर्णी',
  station_address: 'मुख्य रस्ता, आर्णी, तालुका आर्णी, जिल्हा यवतमाळ 445103',
  election_name: 'विधानसभा सार्वत्रिक निवडणूक 2029',
  poll_date: '2029-10-20',
  poll_start: '07:00',
  poll_end: '18:00',
  qr: signSlipToken(key, voterId, voterId % 3),
});

// An A4 page: 2 columns, 5 rows inside an 18-point margin (slip-pdf.ts).
const A4_CELLS = Array.from({ length: 10 }, (_, index) => ({ column: index % 2, row: Math.floor(index / 2) }));

async function drawn(page: PDFPageProxy, dpi: number) {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
  return { context, scale: dpi / 72, width: canvas.width, height: canvas.height };
}

// What jsQR reads in a region of the page (points), or null.
function scan(picture: Awaited<ReturnType<typeof drawn>>, region: { x: number; y: number; width: number; height: number }): string | null {
  const x = Math.floor(region.x * picture.scale);
  const y = Math.floor(region.y * picture.scale);
  const width = Math.min(Math.ceil(region.width * picture.scale), picture.width - x);
  const height = Math.min(Math.ceil(region.height * picture.scale), picture.height - y);
  const image = picture.context.getImageData(x, y, width, height);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), width, height)?.data ?? null;
}

async function pagesOf(slips: Slip[], format: SlipFormat) {
  const pdf = await slipPdfBuffer(slips, { lang: 'mr', format });
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  return { pdf, document };
}

describe('slip QR codes', { timeout: 120_000 }, () => {
  it.each([150, 100])('should scan each A4 slip to its own voter\'s token when the page is drawn at %i dpi', async (dpi) => {
    const slips = A4_CELLS.map((_, index) => slipOf(index + 1));
    const { document } = await pagesOf(slips, 'a4');
    const picture = await drawn(await document.getPage(1), dpi);
    const cellWidth = (595.28 - 36) / 2;
    const cellHeight = (841.89 - 36) / 5;
    for (const [index, cell] of A4_CELLS.entries()) {
      const read = scan(picture, { x: 18 + cell.column * cellWidth, y: 18 + cell.row * cellHeight, width: cellWidth, height: cellHeight });
      expect(read, `slip ${index + 1}`).toBe(slips[index]!.qr);
      expect(verifySlipToken(key, read!)).toEqual({ voterId: index + 1, generation: (index + 1) % 3 });
    }
    await document.destroy();
  });

  it.each(['thermal58', 'thermal80'] as const)('should scan the slip on each %s label', async (format) => {
    const slips = [slipOf(7), slipOf(8)];
    const { document } = await pagesOf(slips, format);
    expect(document.numPages).toBe(2);
    for (const [index, slip] of slips.entries()) {
      const page = await document.getPage(index + 1);
      const picture = await drawn(page, 150);
      const { width, height } = page.getViewport({ scale: 1 });
      expect(scan(picture, { x: 0, y: 0, width, height })).toBe(slip.qr);
    }
    await document.destroy();
  });

  it('should print the token in the code only, not as text', async () => {
    const slip = slipOf(9);
    const { pdf, document } = await pagesOf([slip], 'a4');
    const [text] = await pdfPagesText(pdf);
    expect(text).toContain('WWM0000000');
    expect(text).not.toContain(slip.qr);
    await document.destroy();
  });
});
