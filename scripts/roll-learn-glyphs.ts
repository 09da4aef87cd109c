// Reads a garbled roll's pages one after the other in this process and prints the glyphs the
// reader learnt from the OCR of values holding them (decision 082), page by page, then each
// learnt glyph with what a person read for it where the table holds it:
//
//   npx tsx scripts/roll-learn-glyphs.ts ROLL.pdf --pages 3-164 [--hide KEY,KEY] [--no-learning]
//
// `--hide` takes those outlines out of the font tables first, as if no person had read them, so
// that what is learnt can be checked against a person's reading; `--no-learning` reads the same
// pages without learning, for comparison. Prints each page's method (`text`: no OCR call) and
// time. Writes nothing.
import { parseArgs } from 'node:util';
import { KNOWN_FONTS } from '../server/src/features/rolls/reader/glyph-text';
import { GlyphLearner } from '../server/src/features/rolls/reader/learned-glyphs';
import { OcrEngine } from '../server/src/features/rolls/reader/ocr';
import { openPdf } from '../server/src/features/rolls/reader/pdf-pages';
import { readPage } from '../server/src/features/rolls/reader/read-page';
import type { PageReadState } from '../server/src/features/rolls/reader/read-state';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { pages: { type: 'string', default: '1-10' }, hide: { type: 'string', default: '' }, 'no-learning': { type: 'boolean', default: false } } });
const [file] = positionals;
if (!file) {
  console.error('Usage: npx tsx scripts/roll-learn-glyphs.ts ROLL.pdf --pages 3-164 [--hide KEY,KEY] [--no-learning]');
  process.exit(2);
}
const [from = 1, to = from] = (values.pages ?? '').split('-').map(Number);
const personRead = new Map<string, string>();
for (const key of (values.hide ?? '').split(',').filter(Boolean)) {
  for (const table of Object.values(KNOWN_FONTS)) {
    if (!(key in table)) continue;
    personRead.set(key, table[key] as string);
    delete table[key];
  }
}

// A learner that learns nothing, for the comparison.
class NoLearning extends GlyphLearner {
  override learn(): void {}
}
const doc = await openPdf(file);
const ocr = new OcrEngine(1);
const state: PageReadState = { glyphs: values['no-learning'] ? new NoLearning() : new GlyphLearner() };
const started = Date.now();
let withoutOcr = 0;
for (let page = from; page <= Math.min(to, doc.numPages); page += 1) {
  const pageStarted = Date.now();
  const result = await readPage(doc, page, ocr, state);
  if (result.kind === 'voters' && result.method === 'text') withoutOcr += 1;
  console.log(`page ${page}: ${result.kind}, ${result.voters.length} voters, ${result.method}, ${((Date.now() - pageStarted) / 1000).toFixed(2)} s, ${state.glyphs?.learnt.size ?? 0} glyphs learnt`);
}
console.log(`${withoutOcr} voter pages read with no OCR call; ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const [key, text] of state.glyphs?.learnt ?? []) console.log(`learnt '${key}': ${JSON.stringify(text)}${personRead.has(key) ? ` (a person read ${JSON.stringify(personRead.get(key))})` : ''}`);
await doc.destroy();
process.exit(0);
