import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas, GlobalFonts, type Canvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { Slip } from '@shared/slips/slip-schema';
import { SLIP_WORDS } from '@shared/slips/slip-texts';
import { pdfPagesText } from './pdf-reading';
import { SLIP_FONTS, scriptRuns, slipPdfBuffer } from './slip-pdf';

const execFileAsync = promisify(execFile);

// Proof that slips shape Devanagari and Gujarati (issue 22, decision 030), two ways:
// 1. Text: pdf.js reads the PDF back through its ToUnicode maps. A shaped PDF holds glyphs in
//    visual order (the i-sign ि before its consonant cluster, the reph र् after its syllable), so
//    the raw text differs from the name; undoing exactly those two Indic reorderings gives the
//    name back letter for letter. An unshaped PDF would read back unreordered and fail.
// 2. Picture: the name line is rendered from the PDF (pdf.js) and compared with the same words
//    drawn by Skia, which shapes with HarfBuzz (the shaper of Chrome and Android). Conjuncts
//    (क्ष, त्र, ज्ञ, श्री) look alike only when both shaped them; the same name with its conjuncts
//    broken (ZWNJ after each virama) is the control that must not look alike.

const NAMES = ['क्षितिज', 'त्र्यंबक', 'ज्ञानेश्वर', 'आर्य', 'श्रीकांत', 'कृष्णा'];
const GUJARATI = 'ક્ષિતિજ શ્રીકાંત';

const slipOf = (name: string): Slip => ({
  name,
  relative_name: 'त्र्यंबकराव',
  relation_type: 'Father',
  epic: 'ABC1234567',
  part_number: 112,
  serial: 7,
  station_number: 112,
  station_name: 'जिल्हा परिषद शाळा',
  station_address: 'आर्णी, जि. यवतमाळ',
  election_name: '',
  poll_date: '2027-01-15',
  poll_start: '07:00',
  poll_end: '18:00',
  qr: 'V1AAA6EQAAADMBLAZEXGVGH3Y',
});

// Undoes the two visual reorderings of Indic shaping in extracted text.
function logicalOrder(visual: string): string {
  let text = visual;
  for (const s of [
    { consonant: '[\u0915-\u0939\u0958-\u095F]\u093C?', virama: '\u094D', iSign: '\u093F', ra: '\u0930', signs: '[\u093E-\u094C\u0901-\u0903]' },
    { consonant: '[\u0A95-\u0AB9]\u0ABC?', virama: '\u0ACD', iSign: '\u0ABF', ra: '\u0AB0', signs: '[\u0ABE-\u0ACC\u0A81-\u0A83]' },
  ]) {
    const cluster = `${s.consonant}(?:${s.virama}${s.consonant})*`;
    text = text.replace(new RegExp(`${s.iSign}(${cluster})`, 'g'), `$1${s.iSign}`);
    text = text.replace(new RegExp(`(${cluster})(${s.signs}*)${s.ra}${s.virama}(?!${s.consonant})`, 'g'), `${s.ra}${s.virama}$1$2`);
  }
  return text;
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('slip PDF text', { timeout: 60_000 }, () => {
  // Issue 56: copied or read aloud, the shaped glyphs came out as "िकरण", "कुलकणीर्". Each text
  // run carries its Unicode text (ActualText), which poppler's pdftotext reads as a copy does.
  it('should give the names in logical order to pdftotext, as written, in Marathi and Gujarati', async () => {
    const pdf = await slipPdfBuffer([...NAMES, GUJARATI, 'किरण कुलकर्णी'].map(slipOf), { lang: 'mr', format: 'a4' });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'slip-text-'));
    try {
      await writeFile(path.join(dir, 'slips.pdf'), pdf);
      const { stdout } = await execFileAsync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'slips.pdf'), '-']);
      for (const name of [...NAMES, GUJARATI, 'किरण कुलकर्णी']) expect(stdout).toContain(`${SLIP_WORDS.mr.name}: ${name}`);
      expect(stdout).toContain('जिल्हा परिषद शाळा');
      expect(stdout).not.toContain('िक');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('should read every name back to the same Unicode when the slips are in Marathi', async () => {
    const pdf = await slipPdfBuffer([...NAMES, GUJARATI].map(slipOf), { lang: 'mr', format: 'a4' });
    const [page = ''] = await pdfPagesText(pdf);
    const raw = squeeze(page);
    const logical = squeeze(logicalOrder(page));
    for (const name of [...NAMES, GUJARATI]) expect(logical).toContain(`${squeeze(SLIP_WORDS.mr.name)}:${squeeze(name)}`);
    // Shaped, not typed out: the i-sign and the reph are stored where they are drawn.
    expect(raw).not.toContain('क्षितिज');
    expect(raw).toContain('िक्षितज');
    expect(raw).toContain('आयर्');
    expect(raw).not.toContain('आर्य');
    expect(logical).toContain('EPIC):ABC1234567');
  });

  it('should print the whole EPIC, never cut with an ellipsis, when it is of the widest letters', async () => {
    // W and M are the widest capitals: "WWM0000000" beside the Marathi label did not fit the
    // line and was cut to "…" on A4 slips.
    for (const lang of ['mr', 'hi', 'gu', 'en'] as const) {
      for (const format of ['a4', 'thermal58'] as const) {
        const pdf = await slipPdfBuffer([{ ...slipOf('क्षितिज'), epic: 'WWM0000000' }, { ...slipOf('आर्य'), epic: 'GJ/03/024/153014' }], { lang, format });
        const text = squeeze((await pdfPagesText(pdf)).join(' '));
        expect(text, `${lang} ${format}`).toContain('WWM0000000');
        expect(text, `${lang} ${format}`).toContain('GJ/03/024/153014');
      }
    }
  });

  it('should print the Gujarati labels and still read back when the slips are in Gujarati', async () => {
    const pdf = await slipPdfBuffer([slipOf(GUJARATI), slipOf('ज्ञानेश्वर')], { lang: 'gu', format: 'thermal58' });
    const pages = (await pdfPagesText(pdf)).map((page) => squeeze(logicalOrder(page)));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`નામ:${squeeze(GUJARATI)}`);
    expect(pages[1]).toContain('નામ:ज्ञानेश्वर');
    expect(pages[0]).toContain(squeeze(SLIP_WORDS.gu.station));
  });

  it('should give each script its own font run when a text mixes them', () => {
    expect(scriptRuns('નામ: क्षितिज 12')).toEqual([
      { text: 'નામ: ', gujarati: true },
      { text: 'क्षितिज 12', gujarati: false },
    ]);
  });
});

// --- pictures -------------------------------------------------------------------------------

const SCALE = 3;
// The A4 slip's text column (the QR code sits to its right).
const TEXT_WIDTH = 190;
GlobalFonts.registerFromPath(SLIP_FONTS.devaBold, 'SlipTestDevanagariBold');

// The dark pixels of a canvas region, cropped to their bounding box and drawn into a fixed grid.
// Only the band of inked rows around `anchor` counts (a descender of the line above stays out).
function inkGrid(source: Canvas, region: { x: number; y: number; width: number; height: number }, anchor?: number): boolean[] {
  const data = source.getContext('2d').getImageData(region.x, region.y, region.width, region.height).data;
  const dark = (x: number, y: number) => (data[(y * region.width + x) * 4] ?? 255) < 128;
  const inked = Array.from({ length: region.height }, (_, y) => Array.from({ length: region.width }, (_, x) => dark(x, y)).some(Boolean));
  let [first, last] = [0, region.height - 1];
  if (anchor !== undefined) {
    first = anchor;
    last = anchor;
    // A gap of a row or two (the anusvara above the headline) stays in the band.
    const inkWithin = (from: number, step: number) => [1, 2, 3].some((gap) => inked[from + step * gap]);
    while (first > 0 && inkWithin(first, -1)) first -= 1;
    while (last < region.height - 1 && inkWithin(last, 1)) last += 1;
  }
  let [left, top, right, bottom] = [region.width, region.height, -1, -1];
  for (let y = first; y <= last; y += 1) {
    for (let x = 0; x < region.width; x += 1) {
      if (dark(x, y)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  const grid = createCanvas(240, 48);
  const context = grid.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, 240, 48);
  if (right >= 0) context.drawImage(source, region.x + left, region.y + top, right - left + 1, bottom - top + 1, 0, 0, 240, 48);
  const cells = context.getImageData(0, 0, 240, 48).data;
  return Array.from({ length: 240 * 48 }, (_, index) => (cells[index * 4] ?? 255) < 128);
}

// How much of each picture's ink has ink of the other within two cells (a pixel of anti-aliasing
// or rounding is no difference), the smaller of the two shares.
function overlap(a: boolean[], b: boolean[]): number {
  const near = (grid: boolean[], index: number) => {
    const x = index % 240;
    const y = Math.floor(index / 240);
    for (let dy = -2; dy <= 2; dy += 1) {
      for (let dx = -2; dx <= 2; dx += 1) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && nx < 240 && ny >= 0 && ny < 48 && grid[ny * 240 + nx]) return true;
      }
    }
    return false;
  };
  const share = (from: boolean[], to: boolean[]) => {
    let ink = 0;
    let matched = 0;
    from.forEach((dark, index) => {
      if (!dark) return;
      ink += 1;
      if (near(to, index)) matched += 1;
    });
    return ink === 0 ? 0 : matched / ink;
  };
  return Math.min(share(a, b), share(b, a));
}

// Skia's drawing of a text at the PDF's size, on white.
function reference(text: string, fontSize: number): boolean[] {
  const canvas = createCanvas(1400, Math.ceil(fontSize * SCALE * 2.5));
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000';
  context.font = `${fontSize * SCALE}px SlipTestDevanagariBold`;
  context.fillText(text, 10, fontSize * SCALE * 1.6);
  return inkGrid(canvas, { x: 0, y: 0, width: canvas.width, height: canvas.height }, Math.round(fontSize * SCALE * (1.6 - 0.55)));
}

describe('slip PDF pictures', { timeout: 120_000 }, () => {
  it('should draw each name as HarfBuzz shapes it and unlike its unshaped spelling', async () => {
    const pdf = await slipPdfBuffer(NAMES.map(slipOf), { lang: 'mr', format: 'a4' });
    const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: SCALE });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
    const items = (await page.getTextContent()).items.flatMap((item) => ('str' in item && item.str.startsWith(`${SLIP_WORDS.mr.name}:`) ? [item] : []));
    expect(items).toHaveLength(NAMES.length);

    for (const [index, name] of NAMES.entries()) {
      const item = items[index];
      if (!item) throw new Error(`No name line for ${name}`);
      const size = item.transform[3] as number;
      const x = item.transform[4] as number;
      const baseline = viewport.height - (item.transform[5] as number) * SCALE;
      const top = Math.floor(baseline - size * SCALE * 1.15);
      // The headline (shirorekha) runs at about half the font size above the baseline.
      const drawn = inkGrid(canvas, { x: Math.floor(x * SCALE) - 2, y: top, width: Math.ceil(TEXT_WIDTH * SCALE), height: Math.ceil(size * SCALE * 1.55) }, Math.round(baseline - size * SCALE * 0.55) - top);
      const shaped = reference(`${SLIP_WORDS.mr.name}: ${name}`, size);
      const broken = reference(`${SLIP_WORDS.mr.name}: ${name.replaceAll('\u094D', '\u094D\u200C')}`, size);
      const alike = overlap(drawn, shaped);
      const unlike = overlap(drawn, broken);
      expect(alike, `${name}: like HarfBuzz`).toBeGreaterThan(0.98);
      expect(unlike, `${name}: unlike its unshaped spelling`).toBeLessThan(0.95);
    }
    await document.destroy();
  });
});
