import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

// OCR with tesseract.js (Apache-2.0, WebAssembly: no system package). The trained models come
// from the @tesseract.js-data/{eng,hin,mar} packages installed by `npm ci`, read from disk:
// nothing is downloaded at run time (cacheMethod 'none' also keeps it from writing a cache).
export type OcrLanguage = 'eng' | 'hin' | 'mar';
// What one worker holds: a language's model, or Hindi's with Marathi's beside it (read-page.ts).
export type OcrModels = OcrLanguage | 'hin+mar';

const require = createRequire(import.meta.url);
function modelFolder(language: OcrLanguage): string {
  // Integer LSTM models. English's "4.0.0" file also carries the legacy engine's data (11 MB
  // packed, held in every thread's memory for nothing under LSTM_ONLY): its "4.0.0_best_int"
  // is the LSTM alone, read as fast. Hindi and Marathi ship the LSTM alone in "4.0.0".
  const folder = language === 'eng' ? '4.0.0_best_int' : '4.0.0';
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), folder);
}

// tesseract.js reads a worker's models from one folder (and its models-as-data option is broken
// in 7.0.0: it passes the bytes where the language code belongs), while each model has its own
// package: they are copied side by side into a temporary folder, removed once they are loaded.
async function twoModelWorker(first: OcrLanguage, second: OcrLanguage): Promise<Worker> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roll-ocr-'));
  try {
    for (const code of [first, second]) copyFileSync(path.join(modelFolder(code), `${code}.traineddata.gz`), path.join(folder, `${code}.traineddata.gz`));
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
}

export interface OcrLine {
  text: string;
  confidence: number; // 0 to 1
  words: OcrWord[];
  y0: number;
  y1: number;
}

// One tesseract worker per language, made on first use and kept for the reader's life.
export class OcrEngine {
  private readonly workers = new Map<OcrModels, Promise<Worker>>();
  private readonly modes = new Map<OcrModels, string>();

  private worker(language: OcrModels): Promise<Worker> {
    let worker = this.workers.get(language);
    if (!worker) {
      worker = language === 'hin+mar' ? twoModelWorker('hin', 'mar') : createWorker(language, OEM.LSTM_ONLY, { langPath: modelFolder(language), gzip: true, cacheMethod: 'none' });
      this.workers.set(language, worker);
    }
    return worker;
  }

  // Reads a PNG: a block of text lines (mode 6) or a single line (mode 7).
  // `only` limits the characters (digits for a serial number).
  async read(language: OcrModels, png: Buffer, mode: 'block' | 'line' = 'block', only = '', dpi = 216): Promise<OcrLine[]> {
    const worker = await this.worker(language);
    const psm = mode === 'line' ? PSM.SINGLE_LINE : PSM.SINGLE_BLOCK;
    const key = `${psm}/${only}/${dpi}`;
    if (this.modes.get(language) !== key) {
      // The reader renders at 216 dpi; saying so spares tesseract its guess from the PNG.
      await worker.setParameters({ tessedit_pageseg_mode: psm, preserve_interword_spaces: '1', user_defined_dpi: String(dpi), tessedit_char_whitelist: only });
      this.modes.set(language, key);
    }
    const result = await worker.recognize(png, {}, { blocks: true, text: false });
    const lines: OcrLine[] = [];
    for (const block of result.data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words.map((word) => ({ text: word.text.normalize('NFC'), confidence: word.confidence / 100, x0: word.bbox.x0, y0: word.bbox.y0, x1: word.bbox.x1, y1: word.bbox.y1 }));
          if (words.length === 0) continue;
          lines.push({ text: words.map((word) => word.text).join(' '), confidence: line.confidence / 100, words, y0: line.bbox.y0, y1: line.bbox.y1 });
        }
      }
    }
    return lines;
  }

  // Frees a language's model (about 100 MB of WebAssembly memory and a thread) once the roll's
  // language is known and it is not that one.
  async release(language: OcrModels): Promise<void> {
    const worker = this.workers.get(language);
    this.workers.delete(language);
    this.modes.delete(language);
    await (await worker)?.terminate().catch(() => undefined);
  }

  async close(): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(workers.map(async (worker) => (await worker).terminate().catch(() => undefined)));
  }
}
