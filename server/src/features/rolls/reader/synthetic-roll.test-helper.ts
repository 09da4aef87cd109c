import { writeFile } from 'node:fs/promises';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { luhnCheckDigit } from './epic';
import { openPdf, renderPage } from './pdf-pages';

// Roll-like PDFs made for the tests (no real person in them): a cover page and pages of voter
// boxes drawn like an ECI English roll, with a text layer.
export interface SyntheticVoter {
  serial: number;
  epic: string;
  name: string;
  relationLabel: "Father's Name" | "Husband's Name" | "Mother's Name";
  relative: string;
  house: string;
  age: number;
  gender: 'MALE' | 'FEMALE';
  duplicate?: boolean;
}

export function syntheticEpic(index: number, breakCheck = false): string {
  const six = String(100000 + index * 7919).slice(-6);
  const check = (luhnCheckDigit(six) + (breakCheck ? 1 : 0)) % 10;
  return `XYZ${six}${check}`;
}

const NAMES = ['Asha Rao', 'Ravi Kumar Patil', 'Meena Joshi', 'Sunil Deshmukh', 'Kavita Pawar', 'Anil Shinde', 'Rekha Jadhav', 'Vijay More', 'Sunita Kale', 'Prakash Gite', 'Lata Wagh', 'Mohan Bhosale'];

export function syntheticVoters(count: number): SyntheticVoter[] {
  return Array.from({ length: count }, (_, index) => ({
    serial: index + 1,
    epic: syntheticEpic(index + 1, index === 4),
    name: NAMES[index % NAMES.length] as string,
    relationLabel: index % 3 === 1 ? "Husband's Name" : index % 3 === 2 ? "Mother's Name" : "Father's Name",
    relative: `Ramesh ${['Rao', 'Patil', 'Joshi'][index % 3]}`,
    house: String(10 + index),
    age: 20 + index * 3,
    gender: index % 2 === 0 ? 'FEMALE' : 'MALE',
    duplicate: index === 7,
  }));
}

export async function writeSyntheticRoll(file: string, voters: SyntheticVoter[], options: { cover?: boolean; columns?: number } = {}): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const height = 842;
  if (options.cover) {
    const page = pdf.addPage([595, height]);
    const lines = [
      'ELECTORAL ROLL 2026',
      'Assembly Constituency : 12 - Sample Nagar',
      'Part No. : 7',
      'No. and Name of Polling Station : 7 - Zilla Parishad School Room 1',
      'Address of Polling Station : Main Road, Sample Nagar',
      'Main Town or Village : Sampleville',
      'Taluka : Sampletal',
      'District : Yavatmal',
      'Pin Code : 445001',
      'No. and name of sections in the part',
      '1 - Station Road',
      '2 - Market Lane',
      'Starting Serial No.   Ending Serial No.   Male   Female   Third Gender   Total',
      `1   ${voters.length}   6   6   0   ${voters.length}`,
    ];
    lines.forEach((line, index) => page.drawText(line, { x: 40, y: height - 60 - index * 22, size: 11, font }));
  }
  const columns = options.columns ?? 3;
  const boxWidth = 545 / columns;
  const boxHeight = 72;
  const perPage = columns * 10;
  for (let start = 0; start < voters.length; start += perPage) {
    const page = pdf.addPage([595, height]);
    page.drawText('Assembly Constituency No and Name : 12-Sample Nagar', { x: 25, y: height - 25, size: 9, font: bold });
    page.drawText('Part number : 7', { x: 480, y: height - 25, size: 9, font: bold });
    page.drawText('Section No and Name : 1-Station Road', { x: 25, y: height - 40, size: 8, font });
    voters.slice(start, start + perPage).forEach((voter, index) => {
      const x = 25 + (index % columns) * boxWidth;
      const top = height - 50 - Math.floor(index / columns) * (boxHeight + 3);
      page.drawRectangle({ x, y: top - boxHeight, width: boxWidth - 2, height: boxHeight, borderColor: rgb(0, 0, 0), borderWidth: 1 });
      // The serial's little frame and the photo frame, as printed on ECI rolls.
      page.drawRectangle({ x: x + 30, y: top - 12, width: 40, height: 12, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
      page.drawText(String(voter.serial), { x: x + 45, y: top - 9, size: 7, font });
      page.drawText(voter.epic, { x: x + boxWidth - 62, y: top - 10, size: 8, font });
      page.drawRectangle({ x: x + boxWidth - 52, y: top - boxHeight + 5, width: 42, height: 45, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
      page.drawText('Photo is', { x: x + boxWidth - 45, y: top - 45, size: 6, font });
      page.drawText('Available', { x: x + boxWidth - 46, y: top - 52, size: 6, font });
      page.drawText(`Name : ${voter.name}`, { x: x + 3, y: top - 22, size: 7, font });
      page.drawText(`${voter.relationLabel} : ${voter.relative}`, { x: x + 3, y: top - 32, size: 7, font });
      page.drawText(`House Number : ${voter.house}`, { x: x + 3, y: top - 42, size: 7, font });
      page.drawText(`Age : ${voter.age}  Gender : ${voter.gender}`, { x: x + 3, y: top - 52, size: 7, font });
      if (voter.duplicate) page.drawText('**', { x: x + boxWidth - 70, y: top - 40, size: 10, font: bold });
    });
  }
  await writeFile(file, await pdf.save());
}

// A PDF that is not a roll: a letter.
export async function writeLetterPdf(file: string): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (let line = 0; line < 20; line += 1) page.drawText(`Dear Sir, this is line ${line} of a letter that is not an electoral roll.`, { x: 40, y: 800 - line * 16, size: 10, font });
  await writeFile(file, await pdf.save());
}

// The same roll as a scan: every page an image only (no text layer), as many ECI rolls are.
export async function writeScannedCopy(source: string, file: string): Promise<void> {
  const doc = await openPdf(source);
  const pdf = await PDFDocument.create();
  for (let number = 1; number <= doc.numPages; number += 1) {
    const page = await doc.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const scale = 300 / 72;
    const { rgba } = await renderPage(page, scale);
    const png = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width: Math.ceil(width * scale), height: Math.ceil(height * scale), channels: 4 } }).png().toBuffer();
    pdf.addPage([width, height]).drawImage(await pdf.embedPng(png), { x: 0, y: 0, width, height });
  }
  await doc.destroy();
  await writeFile(file, await pdf.save());
}

// A roll as an office that reprinted or rescanned it at low resolution has it (issue 53's
// kept-aside rolls at 115 ppi): `pages` (every page when not given) rendered at `ppi`, grey,
// JPEG-compressed, each an image only, the pages' size kept. Used by the tests on synthetic rolls
// and by `npm run bench:roll` on the samples (bench/low-resolution-scan.ts).
export async function writeLowResolutionCopy(source: string, file: string, { ppi = 115, quality = 55, pages }: { ppi?: number; quality?: number; pages?: number[] } = {}): Promise<void> {
  const doc = await openPdf(source);
  const pdf = await PDFDocument.create();
  for (const number of pages ?? Array.from({ length: doc.numPages }, (_, index) => index + 1)) {
    const page = await doc.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const { gray } = await renderPage(page, ppi / 72);
    const jpeg = await sharp(Buffer.from(gray.data.buffer, gray.data.byteOffset, gray.data.byteLength), { raw: { width: gray.width, height: gray.height, channels: 1 } })
      .jpeg({ quality })
      .toBuffer();
    pdf.addPage([width, height]).drawImage(await pdf.embedJpg(jpeg), { x: 0, y: 0, width, height });
  }
  await doc.destroy();
  await writeFile(file, await pdf.save());
}
