import { createRequire } from 'node:module';

// Shaped Indic text in pdfkit documents (voter slips, decision 030; the appointments' day sheet,
// decision 091). pdfkit lays text out through fontkit, which applies the fonts' OpenType tables
// (GSUB/GPOS: conjuncts, reph, pre-base vowel signs), so Devanagari and Gujarati come out
// shaped; the Noto fonts are static TTFs from npm packages (installed by `npm ci`, never
// fetched at run time). Each glyph is written with its Unicode (ToUnicode map), and each text
// with its logical order (ActualText), so a reader can search and copy it.
// Type-only pdfkit here: the callers load the engine when they first print.

const require = createRequire(import.meta.url);
export const PDF_FONTS = {
  deva: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  devaBold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
  gujr: require.resolve('@expo-google-fonts/noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf'),
  gujrBold: require.resolve('@expo-google-fonts/noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf'),
} as const;

type Doc = PDFKit.PDFDocument;
const GUJARATI = /[\u0A80-\u0AFF]/;

export function registerPdfFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(PDF_FONTS)) doc.registerFont(name, file);
}

// The Devanagari font also holds Latin letters and digits; the Gujarati one holds Gujarati.
// A text is cut into runs of one script so each run gets a font that has its letters
// (a Gujarati slip still prints a Marathi roll's names in Devanagari).
export function scriptRuns(text: string): { text: string; gujarati: boolean }[] {
  const runs: { text: string; gujarati: boolean }[] = [];
  for (const char of text) {
    // Spaces, digits and punctuation stay with the run they are in.
    const gujarati = GUJARATI.test(char) ? true : /[\p{L}\p{M}]/u.test(char) ? false : (runs.at(-1)?.gujarati ?? false);
    const last = runs.at(-1);
    if (last && last.gujarati === gujarati) last.text += char;
    else runs.push({ text: char, gujarati });
  }
  return runs;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  width: number;
  // Lines the text may take before it is cut with an ellipsis.
  lines?: number;
}

function fontOf(gujarati: boolean, bold: boolean | undefined): string {
  return gujarati ? (bold ? 'gujrBold' : 'gujr') : bold ? 'devaBold' : 'deva';
}

// Writes a text at (x, y) and answers the y below it.
export function writeText(doc: Doc, text: string, x: number, y: number, style: TextStyle): number {
  const lines = style.lines ?? 1;
  const runs = scriptRuns(text);
  const lineHeight = style.size * 1.45;
  const options = { width: style.width, height: lineHeight * lines, ellipsis: true, lineBreak: lines > 1, lineGap: 0 };
  // Shaped glyphs stand in visual order (ि before its consonant, the reph after its syllable):
  // copied or read aloud they came out as "िकरण", "कुलकणीर्" (issue 56). A marked-content span
  // carries the text as written (ActualText), which pdftotext, PDF readers and screen readers use.
  doc.markContent('Span', { actual: text });
  if (runs.length <= 1) {
    doc.font(fontOf(runs[0]?.gujarati ?? false, style.bold)).fontSize(style.size).text(text, x, y, options);
  } else {
    runs.forEach((run, index) => {
      doc.font(fontOf(run.gujarati, style.bold)).fontSize(style.size);
      if (index === 0) doc.text(run.text, x, y, { ...options, continued: true });
      else doc.text(run.text, { ...options, continued: index < runs.length - 1 });
    });
  }
  doc.endMarkedContent();
  const height = Math.min(doc.heightOfString(text, { width: style.width, lineGap: 0 }), lineHeight * lines);
  return y + Math.max(height, lineHeight);
}
