import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { ENGLISH_MODEL_FOLDER } from './ocr-models';
import { NeedsOcrError } from './needs-ocr';

// OCR with tesseract.js (Apache-2.0, WebAssembly: no system package). The trained models come
// from the @tesseract.js-data/{hin,mar} packages installed by `npm ci` and, for English, from the
// repository (tessdata-fast/), read from disk: nothing is downloaded at run time (cacheMethod
// 'none' also keeps it from writing a cache).
export type OcrLanguage = 'eng' | 'hin' | 'mar';
// What one worker holds: a language's model, Hindi's and Marathi's side by side (a Hindi
// roll's names; read-page.ts), or English's "best" model (a second look at an unsure value).
export type OcrModels = OcrLanguage | 'hin+mar' | 'eng-best';

const require = createRequire(import.meta.url);
// English: the fast model (ocr-models.ts).
function modelFolder(language: OcrLanguage, englishFolder: string): string {
  if (language === 'eng') return englishFolder;
  // Hindi and Marathi: the integer "best" LSTM alone, in the packages' "4.0.0" folders (their
  // fast models read names worse on the samples).
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), '4.0.0');
}

function startWorker(models: OcrModels, englishFolder: string): Promise<Worker> {
  // The integer "best" LSTM of the @tesseract.js-data/eng package.
  if (models === 'eng-best') return createWorker('eng', OEM.LSTM_ONLY, { langPath: path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'), gzip: true, cacheMethod: 'none' });
  const [first, second] = models.split('+') as [OcrLanguage, OcrLanguage?];
  return second ? twoModelWorker(first, second, englishFolder) : createWorker(first, OEM.LSTM_ONLY, { langPath: modelFolder(first, englishFolder), gzip: true, cacheMethod: 'none' });
}

// tesseract.js reads a worker's models from one folder (and its models-as-data option is broken
// in 7.0.0: it passes the bytes where the language code belongs), while each model has its own
// package: they are copied side by side into a temporary folder, removed once they are loaded.
async function twoModelWorker(first: OcrLanguage, second: OcrLanguage, englishFolder: string): Promise<Worker> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roll-ocr-'));
  try {
    for (const code of [first, second]) copyFileSync(path.join(modelFolder(code, englishFolder), `${code}.traineddata.gz`), path.join(folder, `${code}.traineddata.gz`));
    return await createWorker(`${first}+${second}`, OEM.LSTM_ONLY, { langPath: folder, gzip: true, cacheMethod: 'none' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface OcrWord {
  text: string;
  confidence: number; // 0 to 1
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  // Where the print leaves a space inside what OCR read as one word: offsets into `text` (see
  // unreadSpaces). Absent when there is none.
  spaces?: number[];
}

// Tesseract joins a number and a letter a narrow space apart into one word: a ward list's
// "Plot ३ D" (a Devanagari digit between Latin letters) is read "Plot 3D", its "२ A" as "2A".
// Between the two characters' boxes such a space is 0.3 to 0.4 of the word's height (6 pixels
// beside a 20-pixel "3" at the reader's size); the gaps between a word's letters are a pixel or
// two. The offsets in the word's text after which a gap that wide lies, where the characters'
// texts make up the word's exactly (a Devanagari word's marks are boxed apart from their letters).
const SPACE_SHARE_OF_HEIGHT = 1 / 4;
type TesseractWord = { text: string; bbox: { x0: number; y0: number; x1: number; y1: number }; symbols?: { text: string; bbox: { x0: number; x1: number } }[] | null };
export function unreadSpaces(word: TesseractWord): number[] | undefined {
  const symbols = word.symbols ?? [];
  if (symbols.length < 2 || symbols.map((symbol) => symbol.text).join('') !== word.text || word.text !== word.text.normalize('NFC')) return undefined;
  const least = SPACE_SHARE_OF_HEIGHT * (word.bbox.y1 - word.bbox.y0);
  const offsets: number[] = [];
  let offset = 0;
  symbols.forEach((symbol, index) => {
    offset += symbol.text.length;
    const next = symbols[index + 1];
    if (next && next.bbox.x0 - symbol.bbox.x1 >= least) offsets.push(offset);
  });
  return offsets.length > 0 ? offsets : undefined;
}

// A word's text with the spaces OCR did not read put in, only between a digit and a letter
// (what a house number spaces: "3 D"): a narrow "1" stands as far from its neighbours ("115/12").
const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;
const digitBesideLetter = (before: string, after: string) => (DIGIT.test(before) && LETTER.test(after)) || (LETTER.test(before) && DIGIT.test(after));
export function spacedText(word: Pick<OcrWord, 'text' | 'spaces'>): string {
  if (!word.spaces) return word.text;
  let text = '';
  let from = 0;
  for (const at of word.spaces) {
    if (!digitBesideLetter(word.text.charAt(at - 1), word.text.charAt(at))) continue;
    text += `${word.text.slice(from, at)} `;
    from = at;
  }
  return text + word.text.slice(from);
}

export interface OcrLine {
  text: string;
  confidence: number; // 0 to 1
  words: OcrWord[];
  y0: number;
  y1: number;
}

// A tesseract worker and the settings it was last given.
interface OcrSlot {
  worker: Promise<Worker>;
  mode: string | null;
}

// The workers of one language: up to `size`, made on first use, lent out one call at a time.
interface OcrPool {
  size: number;
  make: () => OcrSlot;
  all: OcrSlot[];
  idle: OcrSlot[];
  // Callers waiting for a slot; null tells one its pool was released (it asks the new one).
  waiting: ((slot: OcrSlot | null) => void)[];
  released: boolean;
}

const RECENT_READINGS = 8;

// Up to `size` tesseract workers per language (one per core: a reader thread reads several pages
// side by side, each waiting on OCR most of the time), each made on first use and kept for the
// reader's life unless released; a call finding all busy waits for the first one free.
export class OcrEngine {
  private readonly pools = new Map<OcrModels, OcrPool>();
  // Languages given fewer workers than `size` (limit).
  private readonly sizes = new Map<OcrModels, number>();
  // readRepeated's last readings, as promises: a page asking while another page's reading of
  // the same image runs waits for that one.
  private readonly recent = new Map<string, Promise<OcrLine[]>>();

  // `size`: workers per language; `englishFolder`: where the English model is (above).
  constructor(
    private readonly size = 1,
    private readonly englishFolder = ENGLISH_MODEL_FOLDER,
  ) {}

  private async take(language: OcrModels): Promise<{ pool: OcrPool; slot: OcrSlot }> {
    for (;;) {
      let pool = this.pools.get(language);
      if (!pool) {
        const make = (): OcrSlot => ({ worker: startWorker(language, this.englishFolder), mode: null });
        // English's best model reads a few lines a page: one worker is enough.
        pool = { size: this.sizes.get(language) ?? (language === 'eng-best' ? 1 : this.size), make, all: [], idle: [], waiting: [], released: false };
        this.pools.set(language, pool);
      }
      const idle = pool.idle.pop();
      if (idle) return { pool, slot: idle };
      if (pool.all.length < pool.size) {
        const slot = pool.make();
        pool.all.push(slot);
        return { pool, slot };
      }
      const waitingPool = pool;
      const slot = await new Promise<OcrSlot | null>((resolve) => waitingPool.waiting.push(resolve));
      if (slot) return { pool, slot };
    }
  }

  // A slot back from a call; one whose worker could not start is dropped, and a caller waiting
  // gets a new one instead.
  private give(pool: OcrPool, slot: OcrSlot, broken: boolean): void {
    if (pool.released) {
      void terminate(slot);
      return;
    }
    let next = slot;
    // One too many since the language's limit was lowered: its waiters have the others.
    if (!broken && pool.all.length > pool.size) {
      pool.all = pool.all.filter((other) => other !== slot);
      void terminate(slot);
      return;
    }
    if (broken) {
      pool.all = pool.all.filter((other) => other !== slot);
      if (pool.waiting.length === 0) return;
      next = pool.make();
      pool.all.push(next);
    }
    const waiter = pool.waiting.shift();
    if (waiter) waiter(next);
    else pool.idle.push(next);
  }

  // From now on at most `size` workers for `language` (idle ones beyond it go at once, busy ones
  // when their call is done), each of which holds 45-65 MB.
  limit(language: OcrModels, size: number): void {
    this.sizes.set(language, size);
    const pool = this.pools.get(language);
    if (!pool) return;
    pool.size = size;
    while (pool.all.length > size && pool.idle.length > 0) {
      const slot = pool.idle.pop() as OcrSlot;
      pool.all = pool.all.filter((other) => other !== slot);
      void terminate(slot);
    }
  }

  // How many workers `language` has now, made or being made.
  workerCount(language: OcrModels): number {
    return this.pools.get(language)?.all.length ?? 0;
  }

  // Reads a PNG: a block of text lines (mode 6) or a single line (mode 7).
  // `only` limits the characters (digits for a serial number).
  read(language: OcrModels, png: Buffer, mode: 'block' | 'line' = 'block', only = '', dpi = 216): Promise<OcrLine[]> {
    return this.recognize(language, png, mode, only, dpi);
  }

  // The same, for an image that may come again: the strip above a page's boxes (constituency,
  // part, section), the same pixels page after page on a roll drawn by computer. Tesseract reads
  // an image the same way each time, so the last few readings are kept by the image's bytes.
  // Only such images: the bench's rolls of one page repeated would otherwise be read once.
  readRepeated(language: OcrModels, png: Buffer, mode: 'block' | 'line' = 'block'): Promise<OcrLine[]> {
    const key = `${language}/${mode}/${createHash('sha1').update(png).digest('base64')}`;
    const known = this.recent.get(key);
    if (known) {
      // Most recently used last.
      this.recent.delete(key);
      this.recent.set(key, known);
      // A copy: a caller may change what it was given.
      return known.then((lines) => structuredClone(lines));
    }
    const reading = this.recognize(language, png, mode, '', 216);
    this.recent.set(key, reading);
    reading.catch(() => this.recent.delete(key));
    if (this.recent.size > RECENT_READINGS) this.recent.delete(this.recent.keys().next().value as string);
    return reading;
  }

  private async recognize(language: OcrModels, png: Buffer, mode: 'block' | 'line', only: string, dpi: number): Promise<OcrLine[]> {
    const { pool, slot } = await this.take(language);
    let result: Awaited<ReturnType<Worker['recognize']>>;
    let broken = false;
    try {
      const worker = await slot.worker.catch((error: unknown) => {
        broken = true;
        throw error;
      });
      const psm = mode === 'line' ? PSM.SINGLE_LINE : PSM.SINGLE_BLOCK;
      const key = `${psm}/${only}/${dpi}`;
      if (slot.mode !== key) {
        // The reader renders at 216 dpi; saying so spares tesseract its guess from the PNG.
        await worker.setParameters({ tessedit_pageseg_mode: psm, preserve_interword_spaces: '1', user_defined_dpi: String(dpi), tessedit_char_whitelist: only });
        slot.mode = key;
      }
      result = await worker.recognize(png, {}, { blocks: true, text: false });
    } finally {
      this.give(pool, slot, broken);
    }
    const lines: OcrLine[] = [];
    for (const block of result.data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words.map((word): OcrWord => {
            const spaces = unreadSpaces(word);
            return { text: word.text.normalize('NFC'), confidence: word.confidence / 100, x0: word.bbox.x0, y0: word.bbox.y0, x1: word.bbox.x1, y1: word.bbox.y1, ...(spaces && { spaces }) };
          });
          if (words.length === 0) continue;
          lines.push({ text: words.map((word) => word.text).join(' '), confidence: line.confidence / 100, words, y0: line.bbox.y0, y1: line.bbox.y1 });
        }
      }
    }
    return lines;
  }

  // Frees a language's models (about 100 MB of WebAssembly memory and a thread each) once the
  // roll's language is known and it is not that one; a worker still reading goes when it is done.
  async release(language: OcrModels): Promise<void> {
    const pool = this.pools.get(language);
    if (!pool) return;
    this.pools.delete(language);
    pool.released = true;
    for (const waiter of pool.waiting.splice(0)) waiter(null);
    const idle = pool.idle.splice(0);
    await Promise.all(idle.map(terminate));
  }

  async close(): Promise<void> {
    const pools = [...this.pools.keys()];
    await Promise.all(pools.map((language) => this.release(language)));
  }
}

async function terminate(slot: OcrSlot): Promise<void> {
  await (await slot.worker.catch(() => null))?.terminate().catch(() => undefined);
}

// An engine with no OCR: a second reader thread that reads only pages with nothing for OCR (a
// text layer, a garbled one whose glyphs are all known) holds no tesseract worker or model; a
// page that needs one is handed back (roll-reader.ts).
export class TextOnlyOcr extends OcrEngine {
  override read(): Promise<OcrLine[]> {
    return Promise.reject(new NeedsOcrError('this page needs OCR'));
  }

  override readRepeated(): Promise<OcrLine[]> {
    return Promise.reject(new NeedsOcrError('this page needs OCR'));
  }
}

// The engine as one page sees it: `onRead` is told of each reading it asks for (a page read
// without any is one a text-only thread can take).
export function watchedOcr(ocr: OcrEngine, onRead: () => void): OcrEngine {
  return new Proxy(ocr, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key === 'read' || key === 'readRepeated')
        return (...args: unknown[]) => {
          onRead();
          return (value as (...params: unknown[]) => unknown).apply(target, args);
        };
      return (value as (...params: unknown[]) => unknown).bind(target);
    },
  });
}
