import { type RollRect } from '@shared/rolls/roll-types';
import { type PixelRect } from './gray-image';

// Pixels per PDF point for reading: 3 is 216 dpi, enough for 7-point roll text.
export const SCALE = 3;

// At 216 dpi: blank columns between words (a letter's own gaps are narrower), the height below
// which a row of ink is a dot or vowel sign of the next line, and the most label pictures a
// roll keeps.
export const WORD_GAP = 2 * SCALE;

export const LINE_MIN = 2 * SCALE;

export const COLON_WIDTH = 2 * SCALE;

export const EPIC_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/';

// A box found in the page's pixels, in PDF points.
export const inPoints = (box: PixelRect): RollRect => ({ x: box.x / SCALE, y: box.y / SCALE, width: box.width / SCALE, height: box.height / SCALE });
