// Draws the glyphs of a roll's font that the reader does not know yet (decision 055), so that a
// person can read them and add them to the font's table (server/src/features/rolls/reader/
// sakal-marathi-glyphs.ts, or a new table in KNOWN_FONTS):
//
//   npx tsx scripts/roll-font-glyphs.ts ROLL.pdf --font SakalMarathi --out glyphs.png [--pages 5] [--all]
//
// Prints one line per glyph: its number on the drawing, its key, the character the PDF's broken
// map gives it, its width and how often it is drawn. `--all` draws the known glyphs too, with
// what the table says, to check the table. The drawing shows each glyph in black beside a grey
// क (once the table knows क), both on the baseline (blue), the glyph's own place starting at the red line: a mark of no
// width (a vowel sign above or below, the reph) lies left of it. Writes nothing but the drawing.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createCanvas, GlobalFonts, Path2D } from '@napi-rs/canvas';
import { create, type Font } from 'fontkit';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { familyOf, KNOWN_FONTS, outlineKey, outlineOf, type PdfFont, type PdfGlyph } from '../server/src/features/rolls/reader/glyph-text';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { font: { type: 'string' }, out: { type: 'string' }, pages: { type: 'string', default: '5' }, all: { type: 'boolean', default: false } } });
const [file] = positionals;
if (!file || !values.font || !values.out) {
  console.error('Usage: npx tsx scripts/roll-font-glyphs.ts ROLL.pdf --font FAMILY --out glyphs.png [--pages N] [--all]');
  process.exit(2);
}
const family = values.font;
const table = KNOWN_FONTS[family] ?? {};
const require = createRequire(import.meta.url);
const pdfjsDir = require.resolve('pdfjs-dist/package.json').replace(/package\.json$/u, '');
const doc = await getDocument({ url: pathToFileURL(file), fontExtraProperties: true, verbosity: 0, isEvalSupported: false, standardFontDataUrl: `${pdfjsDir}standard_fonts/`, cMapUrl: `${pdfjsDir}cmaps/`, cMapPacked: true }).promise;

interface Seen {
  key: string;
  outline: string;
  mapped: Set<string>;
  widths: Set<number>;
  count: number;
}
const seen = new Map<string, Seen>();
let reference: string | null = null;
for (let pageNumber = 1; pageNumber <= Math.min(doc.numPages, Number(values.pages)); pageNumber += 1) {
  const page = await doc.getPage(pageNumber);
  const operators = await page.getOperatorList();
  const parsed = new Map<string, Font | null>();
  let fontId = '';
  operators.fnArray.forEach((fn, index) => {
    const args = operators.argsArray[index] as unknown[];
    if (fn === OPS.setFont) fontId = String(args[0]);
    if (fn !== OPS.showText) return;
    if (!parsed.has(fontId)) {
      const font = (page.commonObjs.has(fontId) ? page.commonObjs.get(fontId) : null) as PdfFont | null;
      parsed.set(fontId, font && familyOf(font) === family && font.data ? create(Buffer.from(font.data)) : null);
    }
    const font = parsed.get(fontId);
    if (!font) return;
    for (const glyph of args[0] as (PdfGlyph | number | null)[]) {
      if (!glyph || typeof glyph === 'number' || glyph.unicode === ' ') continue;
      const outline = outlineOf(font, glyph.fontChar);
      const key = outlineKey(outline);
      if (table[key] === 'क') reference = outline;
      const entry = seen.get(key) ?? { key, outline, mapped: new Set(), widths: new Set(), count: 0 };
      entry.mapped.add(glyph.unicode);
      entry.widths.add(glyph.width);
      entry.count += 1;
      seen.set(key, entry);
    }
  });
}
const shown = [...seen.values()].filter((entry) => values.all || !(entry.key in table));
console.log(`${seen.size} glyphs of ${family} drawn, ${[...seen.keys()].filter((key) => key in table).length} known; drawing ${shown.length}`);
shown.forEach((entry, index) => console.log(`${index}\t'${entry.key}'\tmapped as ${[...entry.mapped].join('|')}\twidth ${[...entry.widths].join('|')}\t×${entry.count}${entry.key in table ? `\ttable: ${table[entry.key]}` : ''}`));

// The labels in Devanagari: the Noto font the slips print with.
GlobalFonts.registerFromPath(require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'), 'Noto Sans Devanagari');
const cell = 160;
const columns = 8;
const canvas = createCanvas(columns * cell, Math.max(1, Math.ceil(shown.length / columns)) * cell);
const context = canvas.getContext('2d');
context.fillStyle = 'white';
context.fillRect(0, 0, canvas.width, canvas.height);
const scale = 0.05;
shown.forEach((entry, index) => {
  const left = (index % columns) * cell;
  const top = Math.floor(index / columns) * cell;
  const originX = left + cell / 2;
  const baseline = top + cell * 0.68;
  context.strokeStyle = '#ccc';
  context.strokeRect(left, top, cell, cell);
  context.strokeStyle = '#9cf';
  context.beginPath();
  context.moveTo(left, baseline);
  context.lineTo(left + cell, baseline);
  context.stroke();
  context.strokeStyle = '#f99';
  context.beginPath();
  context.moveTo(originX, top + 20);
  context.lineTo(originX, top + cell);
  context.stroke();
  const draw = (outline: string, x: number, colour: string) => {
    context.save();
    context.translate(x, baseline);
    context.scale(scale, -scale);
    context.fillStyle = colour;
    context.fill(new Path2D(outline));
    context.restore();
  };
  if (reference) draw(reference, originX - 45, '#bbb');
  draw(entry.outline, originX, 'black');
  context.fillStyle = 'red';
  context.font = '18px "Noto Sans Devanagari"';
  context.fillText(`${index}${entry.key in table ? ` = ${table[entry.key]}` : ''}`, left + 4, top + 18);
});
writeFileSync(values.out, canvas.toBuffer('image/png'));
console.log(`drawing: ${values.out}`);
await doc.destroy();
