import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createDeflate } from 'node:zlib';

// PDFs an attacker could send as a "roll" (issue 54), written by hand: each a few hundred
// kilobytes on disk, each costing gigabytes of memory or many minutes to a reader that draws
// whatever it is given. The tests and bench/roll-hostile-bench.ts read them.

// Deflates `total` bytes made of `chunk` repeated, without holding them: the drawing commands
// and image samples below are hundreds of megabytes before compression.
async function deflateRepeated(chunk: Buffer, total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let written = 0; written < total; written += chunk.length) {
    const piece = written + chunk.length <= total ? chunk : chunk.subarray(0, total - written);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

type PdfObject = string | { dict: string; stream: Buffer };

// A PDF of these objects (object 1 the catalog), with its cross-reference table.
function pdfOf(objects: PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === 'string') push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
    else {
      push(Buffer.from(`${index + 1} 0 obj\n<< ${object.dict} /Length ${object.stream.length} >>\nstream\n`, 'latin1'));
      push(object.stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  const xref = length;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const catalog = '<< /Type /Catalog /Pages 2 0 R >>';

// One page `width` × `height` points, with a line of text: the reader renders it at 3 pixels a
// point, so 5,000 points a side is 225 million pixels.
export async function writeHugePagePdf(file: string, width: number, height = width): Promise<void> {
  await writeFile(
    file,
    pdfOf([
      catalog,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
      { dict: '', stream: Buffer.from('BT /F1 12 Tf 40 40 Td (Electoral roll) Tj ET') },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]),
  );
}

// An A4 page drawing one image of `side` × `side` pixels (RGB, all white), deflated: a
// 12,000-pixel image is 432 MB of samples in a file of about 420 KB.
export async function writeHugeImagePdf(file: string, side: number): Promise<void> {
  const samples = await deflateRepeated(Buffer.alloc(1 << 20, 0xff), side * side * 3);
  await writeFile(
    file,
    pdfOf([
      catalog,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
      { dict: '', stream: Buffer.from('q 595 0 0 842 0 0 cm /Im1 Do Q') },
      { dict: `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`, stream: samples },
    ]),
  );
}

// `count` blank pages (A4 unless `size` says) sharing one empty content stream.
export async function writeManyPagesPdf(file: string, count: number, size: [number, number] = [595, 842]): Promise<void> {
  const first = 4;
  const kids = Array.from({ length: count }, (_, index) => `${first + index} 0 R`).join(' ');
  const pages = Array.from({ length: count }, () => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Contents 3 0 R >>`);
  await writeFile(file, pdfOf([catalog, `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, { dict: '', stream: Buffer.alloc(0) }, ...pages]));
}

// An A4 page of `megabytes` MB of drawing commands (short strokes over and over), deflated to a
// few hundred kilobytes: pdf.js parses every one before it draws anything.
export async function writeHeavyDrawingPdf(file: string, megabytes: number): Promise<void> {
  const strokes = Buffer.from(Array.from({ length: 64 }, (_, index) => `${100 + index} ${200 + index} m ${300 + index} ${400 - index} l S\n`).join(''));
  const commands = await deflateRepeated(Buffer.concat(Array.from({ length: Math.ceil((1 << 20) / strokes.length) }, () => strokes)), megabytes * (1 << 20));
  await writeFile(
    file,
    pdfOf([
      catalog,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
      { dict: '/Filter /FlateDecode', stream: commands },
    ]),
  );
}

// The roll reader processes (roll-page-worker) this process started that are still alive
// (Linux's /proc): the tests look for none after a cancel or a budget.
export function liveReaderProcesses(): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/u.test(entry)) return [];
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('roll-page-worker') ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}
