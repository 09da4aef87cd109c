import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Slip } from '@shared/slips/slip-schema';
import { pdfPagesText } from './pdf-reading';
import { slipPdfBuffer } from './slip-pdf';
import { createSlipPrinters } from './slip-printers';

// Slip printers (decision 078): the PDF a printer process makes reads as the one made in place,
// a print cut short stops its process, and prints past the pool's size wait for a printer.

const slipOf = (serial: number): Slip => ({
  name: serial % 2 === 0 ? `क्षितिज पाटील ${serial}` : `ક્ષિતિજ શ્રીકાંત ${serial}`,
  relative_name: 'त्र्यंबकराव',
  relation_type: 'Father',
  epic: `ABC${String(serial).padStart(7, '0')}`,
  part_number: 112,
  serial,
  station_number: 112,
  station_name: 'जिल्हा परिषद शाळा',
  station_address: 'आर्णी, जि. यवतमाळ',
  election_name: 'विधानसभा 2027',
  poll_date: '2027-01-15',
  poll_start: '07:00',
  poll_end: '18:00',
  qr: 'V1AAA6EQAAADMBLAZEXGVGH3Y',
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const printers = createSlipPrinters({ size: 1 });
afterAll(() => printers.close());

describe('slip printers', () => {
  it('should make the same pages and text in a printer process as in place when given the same slips', async () => {
    const slips = Array.from({ length: 25 }, (_, index) => slipOf(index + 1));
    for (const options of [
      { lang: 'mr', format: 'a4' },
      { lang: 'gu', format: 'thermal58' },
    ] as const) {
      const [printed, inPlace] = await Promise.all([bytesOf(printers.print(slips, { ...options, title: 'Voter slips' })), slipPdfBuffer(slips, options)]);
      expect(await pdfPagesText(printed)).toEqual(await pdfPagesText(inPlace));
    }
  });

  it('should make the slips handed over batch by batch when they come from an async source', async () => {
    async function* booths(): AsyncGenerator<Slip[]> {
      yield [slipOf(1), slipOf(2)];
      yield [];
      yield Array.from({ length: 500 }, (_, index) => slipOf(index + 3));
    }
    const text = (await pdfPagesText(await bytesOf(printers.print(booths(), { lang: 'en', format: 'a4', title: 'Voter slips' })))).join(' ');
    expect(text).toContain('ABC0000001');
    expect(text).toContain('ABC0000502');
  });

  it('should stop the printer process when the download is cut short', async () => {
    const stream = printers.print(
      Array.from({ length: 3000 }, (_, index) => slipOf(index + 1)),
      { lang: 'mr', format: 'a4', title: 'Voter slips' },
    );
    await new Promise((resolve) => stream.once('data', resolve));
    const [pid] = printers.processIds();
    expect(pid).toBeGreaterThan(0);
    stream.destroy();
    await expect.poll(() => isRunning(pid!), { timeout: 5000 }).toBe(false);
    // The pool starts another for the next print.
    const next = await bytesOf(printers.print([slipOf(1), slipOf(2)], { lang: 'en', format: 'a4', title: 'Voter slips' }));
    expect((await pdfPagesText(next)).join(' ')).toContain('ABC0000002');
  });

  it('should make a print wait for the printer when more prints run than the pool holds', async () => {
    const slips = Array.from({ length: 30 }, (_, index) => slipOf(index + 1));
    const both = await Promise.all([bytesOf(printers.print(slips, { lang: 'en', format: 'a4', title: 'A' })), bytesOf(printers.print(slips, { lang: 'en', format: 'a4', title: 'B' }))]);
    for (const pdf of both) expect((await pdfPagesText(pdf)).join(' ')).toContain('ABC0000030');
    expect(printers.processIds()).toHaveLength(1);
  });
});
