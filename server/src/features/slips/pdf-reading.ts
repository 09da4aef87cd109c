import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reading a slip PDF back (tests and the benchmark): each page's text as pdf.js extracts it
// through the fonts' ToUnicode maps, in the order the glyphs are drawn.
export async function pdfPagesText(pdf: Buffer | Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}
