import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { IDENTITY, type Matrix, multiply, type PlacedGlyph, pageGlyphs } from './glyph-text';
import { type GrayImage, rgbaToGray } from './gray-image';
import { startsLikePdf } from './pdf-header';
import { SCALE } from './page-scale';

// pdf.js in Node: the legacy build, its fonts and CMaps from the package (no network), the
// canvas from @napi-rs/canvas (prebuilt, no system library).
const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
const asDirectoryUrl = (folder: string) => `${path.join(PDFJS_DIR, folder)}/`;

export class NotAPdfError extends Error {}

// Budgets checked before pdf.js draws a page (issue 54, decision 059). A roll is printed on A4
// (595 × 842 points) and read at 3 pixels a point: 4.5 million pixels, an 18 MB canvas. A
// hostile file declares a page of 5,000 points a side (225 million pixels, gigabytes to draw)
// or an image of 12,000 × 12,000 pixels in a few hundred kilobytes: refused before drawing.
// At most this many points on a side: an A2 sheet's long side (1,684), twice A4's.
export const PAGE_MAX_POINTS = 1_700;
// At most this many pixels as drawn: A3 read at 216 dpi is 9 million.
export const PAGE_MAX_PIXELS = 16_000_000;
// At most this many pixels in one image of a page: A4 scanned at 500 dpi is 24 million (the
// scanned samples are 300 dpi, 8.7 million). pdf.js decodes an image whole, 4 bytes a pixel.
export const IMAGE_MAX_PIXELS = 25_000_000;
// At most this many drawing operations on a page: the samples' pages have at most 5,800.
export const PAGE_MAX_OPERATIONS = 200_000;

// A page past a budget, with a message for the person who uploaded the file.
export class PageBudgetError extends Error {
  override name = 'PageBudgetError';
}

const grouped = (value: number) => Math.round(value).toLocaleString('en-IN');
const millions = (pixels: number) => String(Math.round(pixels / 1_000_000));

// Refuses a page too large to draw at `scale` pixels a point, before anything is drawn.
export function checkPageSize(page: PDFPageProxy, scale: number): void {
  const { width, height } = page.getViewport({ scale: 1 });
  const pixels = Math.ceil(width * scale) * Math.ceil(height * scale);
  if (Math.max(width, height) > PAGE_MAX_POINTS || pixels > PAGE_MAX_PIXELS) {
    throw new PageBudgetError(`Page ${page.pageNumber} is ${grouped(width)} × ${grouped(height)} points, larger than a roll page can be (at most ${grouped(PAGE_MAX_POINTS)} points a side and ${millions(PAGE_MAX_PIXELS)} million pixels; A4 is 595 × 842)`);
  }
}

// pdf.js leaves out an image past maxImageSize and says so only as a warning (console.warn). Its
// warnings are not printed (nor were they before: verbosity 0); that one is counted, so the page
// is refused with a message rather than read blank.
let imagesLeftOut = 0;
let warningsWatched = false;
function watchPdfWarnings(): void {
  if (warningsWatched) return;
  warningsWatched = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    const [first] = args;
    if (typeof first !== 'string' || !first.startsWith('Warning: ')) return warn(...args);
    if (first.includes('Image exceeded maximum allowed size')) imagesLeftOut += 1;
  };
}

// Tells the reader process's parent when pdf.js starts and ends work on a page: the parent
// stops a page that draws for too long (roll-reader.ts), which the page's own thread cannot do
// while pdf.js parses a content stream without giving way.
type DrawingListener = (page: number, drawing: boolean) => void;
let drawingListener: DrawingListener | null = null;
export function onDrawing(listener: DrawingListener | null): void {
  drawingListener = listener;
}
async function drawing<T>(page: PDFPageProxy, work: () => Promise<T>): Promise<T> {
  drawingListener?.(page.pageNumber, true);
  try {
    return await work();
  } finally {
    drawingListener?.(page.pageNumber, false);
  }
}

// pdf.js reads the file by byte ranges, as it needs them, rather than from a copy of the whole
// file in memory: a roll of hundreds of pages is hundreds of MB (a scanned ward list page about
// 2 MB, a published one 0.7 MB), which the reader thread held, twice while opening it.
export async function openPdf(filePath: string): Promise<PDFDocumentProxy> {
  if (!(await startsLikePdf(filePath))) throw new NotAPdfError('not a PDF');
  watchPdfWarnings();
  try {
    return await getDocument({
      url: pathToFileURL(filePath),
      // Only the ranges a page needs, when it needs them.
      disableAutoFetch: true,
      disableStream: true,
      // Warnings on, so the one about an image left out is heard (watchPdfWarnings).
      verbosity: 1,
      maxImageSize: IMAGE_MAX_PIXELS,
      standardFontDataUrl: asDirectoryUrl('standard_fonts'),
      cMapUrl: asDirectoryUrl('cmaps'),
      cMapPacked: true,
      wasmUrl: asDirectoryUrl('wasm'),
      isEvalSupported: false,
      // Font files kept, so a garbled layer's glyphs can be known by their outlines (glyph-text.ts).
      fontExtraProperties: true,
    }).promise;
  } catch {
    throw new NotAPdfError('unreadable PDF');
  }
}

// A run of text from the text layer, in PDF points from the page's top-left corner.
export interface TextRun {
  text: string;
  x: number;
  y: number; // top of the run
  width: number;
  height: number;
  // Below a right layer's where the run was made from glyphs not all known (glyph-layer.ts).
  confidence?: number;
  // A run told again from the glyphs it holds (reencoded-layer.ts): how many glyphs, not spaces.
  glyphs?: number;
}

export interface PageContent {
  width: number; // points
  height: number;
  runs: TextRun[];
  images: { x: number; y: number; width: number; height: number; name: string }[];
  // Every glyph drawn, where the page uses a font whose glyphs are known (glyph-text.ts).
  glyphs: PlacedGlyph[];
}

// The page is checked against the budgets first: its size, then, once pdf.js has parsed it, its
// images and the number of its drawing operations.
export async function pageContent(page: PDFPageProxy): Promise<PageContent> {
  checkPageSize(page, SCALE);
  return drawing(page, () => pageContentNow(page));
}

async function pageContentNow(page: PDFPageProxy): Promise<PageContent> {
  const viewport = page.getViewport({ scale: 1 });
  const text = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of text.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [, , , d, e, f] = item.transform as number[];
    const height = Math.abs(d ?? item.height) || item.height;
    runs.push({ text: item.str, x: e ?? 0, y: viewport.height - (f ?? 0) - height * 0.8, width: item.width, height });
  }
  // Where images are painted (a roll's photos), from the operator list's transforms.
  const leftOut = imagesLeftOut;
  const operators = await page.getOperatorList();
  if (imagesLeftOut > leftOut) throw new PageBudgetError(`Page ${page.pageNumber} holds an image of more than ${millions(IMAGE_MAX_PIXELS)} million pixels, more than a roll page needs (a page scanned at 300 dpi has 9 million); scan the roll at 300 dpi`);
  if (operators.fnArray.length > PAGE_MAX_OPERATIONS) throw new PageBudgetError(`Page ${page.pageNumber} holds more than ${grouped(PAGE_MAX_OPERATIONS)} drawing operations, more than a roll page needs; this file is not a roll as printed`);
  const images: PageContent['images'] = [];
  const stack: Matrix[] = [];
  let matrix: Matrix = IDENTITY;
  operators.fnArray.forEach((fn, index) => {
    const args = operators.argsArray[index] as unknown[];
    if (fn === OPS.save) stack.push(matrix);
    else if (fn === OPS.restore) matrix = stack.pop() ?? IDENTITY;
    else if (fn === OPS.transform) matrix = multiply(matrix, args as Matrix);
    else if (fn === OPS.paintImageXObject) {
      // The image fills the unit square under the current matrix: its corners give the rectangle.
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = matrix;
      const xs = [e, a + e, c + e, a + c + e];
      const ys = [f, b + f, d + f, b + d + f];
      const width = Math.max(...xs) - Math.min(...xs);
      const height = Math.max(...ys) - Math.min(...ys);
      images.push({ x: Math.min(...xs), y: viewport.height - Math.max(...ys), width, height, name: String(args[0]) });
    }
  });
  const glyphs = await pageGlyphs(operators, (id) => (page.commonObjs.has(id) ? page.commonObjs.get(id) : null), viewport.height);
  return { width: viewport.width, height: viewport.height, runs, images, glyphs };
}

export interface RenderedPage {
  gray: GrayImage;
  rgba: Uint8ClampedArray; // for cutting out photos in colour
}

// A canvas's pixels live outside the JavaScript heap, where the garbage collector does not see
// them: a page at 216 dpi is 18 MB, kept until some later collection unless given back now
// (as pdf.js does with its own canvases).
function releaseCanvas(canvas: { width: number; height: number }): void {
  canvas.width = 0;
  canvas.height = 0;
}

// A thread renders one page at a time. pdf.js draws in slices of about 15 ms and lets other
// work run between them, so two pages read side by side were rendered together, each holding its
// decoded scan (35 MB for the Hindi sample's page) and canvas at once. One after the other, the
// Hindi page read ×10 peaked at 515-579 MB over three runs rather than 593-628, as fast.
let lastRender: Promise<unknown> = Promise.resolve();

// Renders a page at `scale` pixels per point.
export function renderPage(page: PDFPageProxy, scale: number): Promise<RenderedPage> {
  const render = lastRender.then(() => {
    checkPageSize(page, scale);
    return drawing(page, () => renderPageNow(page, scale));
  });
  lastRender = render.catch(() => undefined);
  return render;
}

async function renderPageNow(page: PDFPageProxy, scale: number): Promise<RenderedPage> {
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport, canvas: canvas as unknown as HTMLCanvasElement }).promise;
  const pixels = context.getImageData(0, 0, width, height);
  releaseCanvas(canvas);
  page.cleanup();
  return { gray: rgbaToGray(pixels.data, width, height), rgba: pixels.data };
}

// An RGB rendering of a rectangle of a page as PNG (the review screen's crops, the photos).
export async function renderRect(page: PDFPageProxy, rect: { x: number; y: number; width: number; height: number }, scale: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  checkPageSize(page, Math.min(scale, SCALE));
  return drawing(page, () => renderRectNow(page, rect, scale, format));
}

async function renderRectNow(page: PDFPageProxy, rect: { x: number; y: number; width: number; height: number }, scale: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const viewport = page.getViewport({ scale, offsetX: -rect.x * scale, offsetY: -rect.y * scale });
  const canvas = createCanvas(Math.max(1, Math.ceil(rect.width * scale)), Math.max(1, Math.ceil(rect.height * scale)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport, canvas: canvas as unknown as HTMLCanvasElement }).promise;
  const encoded = format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 85);
  releaseCanvas(canvas);
  return encoded;
}

export { type PDFDocumentProxy, type PDFPageProxy };
