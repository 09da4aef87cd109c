import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ProfileCode } from './language-profiles';

// The real roll samples used by the accuracy tests and the benchmark. They name real people, so
// they never enter this repository: they sit in `../shared/rolls` beside the checkout (as on
// every developer machine and in CI) or wherever ROLLS_DIR points.
export const ROLL_SAMPLES = {
  marathi: 'sec-ward-list-marathi-chopda-ward15-page.pdf',
  hindi: 'eci-roll-hindi-scan-up-ac211-part161-page.pdf',
  english: 'eci-roll-english-goa-ac4-part5.pdf',
  baramati: 'sec-ward-list-marathi-baramati-ward7-booth1.pdf',
  daryapur: 'sec-ward-list-marathi-daryapur-ward2.pdf',
  kishangarh: 'eci-roll-hindi-kishangarh-ac98-part2.pdf',
  daman: 'eci-roll-gujarati-daman-diu-part1.pdf',
} as const;
export type RollSample = keyof typeof ROLL_SAMPLES;

// Each sample's language (its names' script, and whether a wife's name shares a word with her
// husband's: language-profiles.ts).
export const ROLL_SAMPLE_LANGUAGES: Record<RollSample, ProfileCode> = { marathi: 'mar', hindi: 'hin', english: 'eng', baramati: 'mar', daryapur: 'mar', kishangarh: 'hin', daman: 'guj' };

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..');

export function rollSamplesDir(): string {
  return process.env.ROLLS_DIR ? path.resolve(process.env.ROLLS_DIR) : path.resolve(REPO_ROOT, '../shared/rolls');
}

// The samples' folder, or an error saying where to put them (never a silent skip).
export function requireRollSamples(): string {
  const dir = rollSamplesDir();
  const missing = Object.values(ROLL_SAMPLES).filter((file) => !existsSync(path.join(dir, file)));
  if (missing.length > 0) {
    throw new Error(`The roll samples are missing from ${dir} (${missing.join(', ')}). Put the ${Object.keys(ROLL_SAMPLES).length} sample roll PDFs (${Object.values(ROLL_SAMPLES).join(', ')}) in ../shared/rolls beside the repository, or set ROLLS_DIR to their folder.`);
  }
  return dir;
}
