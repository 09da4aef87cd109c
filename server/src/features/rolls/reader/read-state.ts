import type { LabelTemplate } from './label-templates';
import type { GlyphLearner } from './learned-glyphs';
import type { OcrLanguage } from './ocr';
import type { PageTurns, Turn } from './page-turns';

// What a reader thread learns about the roll it reads, page after page (read-page.ts).
export interface PageReadState {
  // The OCR language found for this roll, tried first on its later pages.
  language?: OcrLanguage;
  // The pictures of this roll's labels, learnt from boxes read whole (label-templates.ts).
  labels?: LabelTemplate[];
  // The letters of the EPICs read right so far, with how often each was seen.
  epicSeries?: Map<string, number>;
  // Older-format EPICs (RJ/12/094/114129) read so far: for each constituency and part
  // ("12/094"), how often each state's letters were read before it.
  oldEpicStates?: Map<string, Map<string, number>>;
  // Glyphs of a known font its table lacks, learnt from the OCR of values holding them.
  glyphs?: GlyphLearner;
  // Pages read side by side take turns at what they share, in the order they were asked for:
  // the language and the label pictures (`learning`), the EPIC series (`series`). So a roll
  // reads the same whatever the timing of its pages' OCR.
  turns?: PageTurns;
}

// A page's turns at what pages share (page-turns.ts).
export interface PageTurnsHeld {
  learning: Turn;
  series: Turn;
}
