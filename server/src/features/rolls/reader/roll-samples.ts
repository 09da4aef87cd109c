import { existsSync } from 'node:fs';
import path from 'node:path';

// The real roll samples used by the accuracy tests and the benchmark. They name real people, so
// they never enter this repository: they sit in `../shared/rolls` beside the checkout (as on
// every developer machine and in CI) or wherever ROLLS_DIR points.
export const ROLL_SAMPLES = {
  marathi: 'sec-ward-list-marathi-chopda-ward15-page.pdf',
  hindi: 'eci-roll-hindi-scan-up-ac211-part161-page.pdf',
  english: 'eci-roll-english-goa-ac4-part5.pdf',
} as const;

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..');

export function rollSamplesDir(): string {
  return process.env.ROLLS_DIR ? path.resolve(process.env.ROLLS_DIR) : path.resolve(REPO_ROOT, '../shared/rolls');
}

// The samples' folder, or an error saying where to put them (never a silent skip).
export function requireRollSamples(): string {
  const dir = rollSamplesDir();
  const missing = Object.values(ROLL_SAMPLES).filter((file) => !existsSync(path.join(dir, file)));
  if (missing.length > 0) {
    throw new Error(`The roll samples are missing from ${dir} (${missing.join(', ')}). Put the three sample roll PDFs in ../shared/rolls beside the repository, or set ROLLS_DIR to their folder.`);
  }
  return dir;
}
