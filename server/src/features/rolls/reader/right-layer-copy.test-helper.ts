import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { loadPage } from './page-source';
import { inPoints } from './page-scale';
import { openPdf } from './pdf-pages';

// A garbled roll printed again with a right text layer: each page's boxes ruled where they stand
// and each word the reader wrote anew from the glyphs (glyph-layer.ts) set in the Noto font at
// its place, by pdfkit, which keeps the glyphs in the order they are drawn ("િપતાનું" for
// પિતાનું, as pdf.js reads ECI's Gujarati rolls of 2025 with a right layer). A stand-in for such
// rolls with a real roll's layout, names and labels: the Daman-Diu sample so printed is scored
// against its own ground truth (`npm run bench:roll`). Made in a temporary folder only (the
// samples name real people). pdfkit gives a glyph one text, that of its first use: a ligature two
// letter sequences share reads as the first, a limit of the copy, not of the roll it stands for.
const require = createRequire(import.meta.url);
const NOTO = {
  guj: require.resolve('@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf'),
  deva: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
};

const fontOf = (text: string) => (/[\u0a80-\u0aff]/u.test(text) ? NOTO.guj : /[\u0900-\u097f]/u.test(text) ? NOTO.deva : 'Helvetica');

// Returns how many words fontkit could not set.
export async function writeRightLayerCopy(file: string, out: string, pages?: number[]): Promise<number> {
  const source = await openPdf(file);
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
  const stream = createWriteStream(out);
  doc.pipe(stream);
  let leftOut = 0;
  try {
    // Pages not asked for stay blank, so a page keeps its number (and its ground truth).
    for (let pageNumber = 1; pageNumber <= source.numPages; pageNumber += 1) {
      if (pages && !pages.includes(pageNumber)) {
        doc.addPage({ size: 'A4', margin: 0 });
        continue;
      }
      const page = await loadPage(source, pageNumber);
      doc.addPage({ size: [page.content.width, page.content.height], margin: 0 });
      for (const box of page.boxes.map(inPoints)) doc.lineWidth(0.8).rect(box.x, box.y, box.width, box.height).stroke();
      for (const run of page.content.runs) {
        const text = run.text.normalize('NFC');
        doc.font(fontOf(text));
        // The word at its size, narrowed to its place where the Noto letters run wider. fontkit
        // fails to place a few garbled words' marks (the strip's Shruti Bold, no glyph table):
        // those words are left out of the copy.
        try {
          let size = run.height;
          doc.fontSize(size);
          const width = doc.widthOfString(text);
          if (width > run.width && width > 0) size = Math.max(3, (size * run.width) / width);
          doc.fontSize(size).text(text, run.x, run.y + run.height * 0.8, { lineBreak: false, baseline: 'alphabetic' });
        } catch {
          leftOut += 1;
        }
      }
    }
  } finally {
    await source.destroy();
    doc.end();
  }
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  return leftOut;
}
