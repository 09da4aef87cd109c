// The little of fontkit (MIT; already installed for pdfkit) the roll reader uses: a font's glyph
// outlines, to know a glyph by its drawing (glyph-text.ts).
declare module 'fontkit' {
  export interface Glyph {
    path: { toSVG(): string; bbox: { minX: number; maxX: number } };
    advanceWidth: number;
  }
  export interface Font {
    unitsPerEm: number;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Buffer): Font;
}
