import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { create } from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { glyphsText, pageGlyphs, type PlacedGlyph } from './glyph-text';
import { REPH } from './sakal-marathi-glyphs';

// Glyphs as a page draws them, left to right: [text, width] each, a width of 0 for a mark drawn
// above or below the glyph before it.
function drawn(...pieces: [string | null, number][]): PlacedGlyph[] {
  let x = 100;
  return pieces.map(([text, width]) => {
    const glyph = { x, baseline: 50, width, text };
    x += width;
    return glyph;
  });
}

describe('text from drawn glyphs', () => {
  it('should put the vowel sign ि after the consonant it is drawn before, with its half forms', () => {
    // शिवदास: ि drawn before श.
    expect(glyphsText(drawn(['ि', 2], ['श', 5], ['व', 4], ['द', 4], ['ा', 2], ['स', 5]))).toBe('शिवदास');
    // स्थिर: ि drawn before the whole conjunct स्थ.
    expect(glyphsText(drawn(['ि', 2], ['स्', 3], ['थ', 5], ['र', 4]))).toBe('स्थिर');
    // लिंग: one glyph for ि with the anusvara above it.
    expect(glyphsText(drawn(['िं', 2], ['ल', 5], ['ग', 4]))).toBe('लिंग');
  });

  it('should put the reph before the syllable it is drawn after', () => {
    // पूर्ण: the reph stands over ण.
    expect(glyphsText(drawn(['प', 4], ['ू', 0], ['ण', 4], [REPH, 0]))).toBe('पूर्ण');
    // कार्तिक: ि is drawn before त, the reph after it.
    expect(glyphsText(drawn(['क', 5], ['ा', 2], ['ि', 2], ['त', 4], [REPH, 0], ['क', 5]))).toBe('कार्तिक');
    // वर्मा: the reph after the vowel sign of its syllable.
    expect(glyphsText(drawn(['व', 4], ['म', 4], ['ा', 2], [REPH, 0]))).toBe('वर्मा');
  });

  it('should take a glyph that draws a vowel sign with the reph above it as the sign and the reph', () => {
    // दर्यापूर: ा with the reph over it.
    expect(glyphsText(drawn(['द', 4], ['य', 4], [`ा${REPH}`, 2], ['प', 4], ['ू', 0], ['र', 3]))).toBe('दर्यापूर');
    // कीर्ती: ी with the reph.
    expect(glyphsText(drawn(['क', 5], ['ी', 2], ['त', 4], [`ी${REPH}`, 2]))).toBe('कीर्ती');
    // पौर्णिमा: ि with the reph, both for the syllable ण that ि is drawn before.
    expect(glyphsText(drawn(['प', 4], ['ौ', 0], [`ि${REPH}`, 2], ['ण', 4], ['म', 4], ['ा', 2]))).toBe('पौर्णिमा');
  });

  it('should give a mark of no width to the glyph before it, not to the one starting where it stands', () => {
    // मतदाराचे नाव: े ends the first word although the space starts at the same place.
    const glyphs = drawn(['म', 4], ['त', 4], ['द', 4], ['ा', 2], ['र', 4], ['ा', 2], ['च', 5], ['े', 0], [' ', 2], ['न', 4], ['ा', 2], ['व', 4]);
    // Drawn in another order than read (marks come in a text object of their own).
    expect(glyphsText([...glyphs].reverse())).toBe('मतदाराचे नाव');
  });

  it('should write marks in Unicode order and as NFC', () => {
    // The anusvara drawn before the vowel sign beside it: तां.
    expect(glyphsText(drawn(['त', 4], ['ं', 0], ['ा', 2]))).toBe('तां');
    expect(glyphsText(drawn(['क', 4], ['ें', 0]))).toBe('कें');
    expect(glyphsText(drawn(['प्र', 5], ['का', 6]))).toBe('प्रका'.normalize('NFC'));
  });

  it('should give null for a glyph not known, so that OCR reads the value', () => {
    expect(glyphsText(drawn(['प', 4], [null, 4], ['ल', 5]))).toBeNull();
  });

  it('should give null for glyphs that do not make well-formed text', () => {
    // A vowel sign with nothing to follow, a half form at the end, a reph over nothing.
    expect(glyphsText(drawn(['ि', 2]))).toBeNull();
    expect(glyphsText(drawn(['न', 4], ['स्', 3]))).toBeNull();
    expect(glyphsText(drawn([REPH, 0], ['क', 4]))).toBeNull();
    expect(glyphsText(drawn(['ा', 2], ['क', 4]))).toBeNull();
  });

  it('should keep Latin letters, digits and punctuation as drawn', () => {
    expect(glyphsText(drawn(['P', 4], ['l', 2], ['o', 4], ['t', 2], [' ', 2], ['३', 4], ['/', 2], ['A', 4]))).toBe('Plot ३/A');
  });
});

describe('glyphs placed from a PDF', () => {
  it('should place each glyph where pdf.js draws it and know it by its outline', async () => {
    const require = createRequire(import.meta.url);
    const fontFile = require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf');
    const font = create(readFileSync(fontFile));
    const outline = (char: string) => createHash('sha1').update(font.glyphForCodePoint(char.codePointAt(0) ?? 0).path.toSVG()).digest('hex').slice(0, 10);
    // A font "known" to this test: its A, B, 1 and 2, not its 3.
    const table = Object.fromEntries(['A', 'B', '1', '2'].map((char) => [outline(char), char]));

    const pdf = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: [300, 200], margin: 0 });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.font(fontFile).fontSize(20).text('AB', 40, 60, { lineBreak: false });
      doc.fontSize(10).text('123', 150, 120, { lineBreak: false });
      doc.end();
    });
    const document = await getDocument({ data: new Uint8Array(pdf), fontExtraProperties: true, verbosity: 0, isEvalSupported: false }).promise;
    const page = await document.getPage(1);
    const operators = await page.getOperatorList();
    const glyphs = await pageGlyphs(operators, (id) => (page.commonObjs.has(id) ? page.commonObjs.get(id) : null), 200, { 'NotoSansDevanagari-Regular': table });

    expect(glyphs.map((glyph) => glyph.text)).toEqual(['A', 'B', '1', '2', null]);
    const [a, b, one, two] = glyphs as [PlacedGlyph, PlacedGlyph, PlacedGlyph, PlacedGlyph];
    expect(a.x).toBeCloseTo(40, 1);
    // Each glyph starts where the one before ends; the font's own advance, at its size.
    expect(b.x).toBeCloseTo(a.x + a.width, 3);
    expect(a.width).toBeCloseTo((font.glyphForCodePoint(65).advanceWidth * 20) / font.unitsPerEm, 1);
    expect(one.x).toBeCloseTo(150, 1);
    expect(two.x).toBeCloseTo(one.x + one.width, 3);
    // Baselines below the text's top, lower for the larger text's line.
    expect(a.baseline).toBeGreaterThan(60);
    expect(a.baseline).toBeLessThan(60 + 20);
    expect(one.baseline).toBeGreaterThan(120);
    expect(one.baseline).toBeLessThan(120 + 10);
    await document.destroy();
  });

  it('should place nothing on a page without a known font', async () => {
    const pdf = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: [300, 200], margin: 0 });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.fontSize(12).text('Polling Station', 40, 60);
      doc.end();
    });
    const document = await getDocument({ data: new Uint8Array(pdf), fontExtraProperties: true, verbosity: 0, isEvalSupported: false }).promise;
    const page = await document.getPage(1);
    expect(await pageGlyphs(await page.getOperatorList(), (id) => (page.commonObjs.has(id) ? page.commonObjs.get(id) : null), 200)).toEqual([]);
    await document.destroy();
  });
});
