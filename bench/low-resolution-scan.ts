import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RollSample } from '../server/src/features/rolls/reader/roll-samples';

// Image-only rolls as offices bring them: reprinted or rescanned at low resolution, grey, JPEG
// compressed (issue 53's kept-aside rolls: an ECI Marathi roll reprinted at 115 ppi, a Bihar Hindi
// roll). Made from the samples at bench time in a temporary folder (they name real people: never
// in the repository) and scored against the samples' ground truth, their pages numbered as in the
// sample. The Daryapur ward list has a text layer: rendered, it stands in for a Marathi roll
// that has none.
export const LOW_RESOLUTION_PPI = Number(process.env.ROLL_BENCH_SCAN_PPI) || 115;

// The pages derived from each sample: a cover, and pages the ground truth holds.
export const LOW_RESOLUTION_SAMPLES: { sample: RollSample; pages: number[] }[] = [
  { sample: 'kishangarh', pages: [1, 3, 10] },
  { sample: 'hindi', pages: [1] },
  { sample: 'daryapur', pages: [1, 3, 155] },
  { sample: 'english', pages: [1, 5] },
];

export const lowResolutionLabel = (sample: RollSample, ppi = LOW_RESOLUTION_PPI) => `${sample}@${ppi}ppi`;

// The pages of `file` as an image-only PDF of the same page size: each page rendered at `ppi`,
// grey, JPEG. The derived PDF's page i is `pages[i]` of the sample.
export async function lowResolutionScan(file: string, pages: number[], ppi = LOW_RESOLUTION_PPI): Promise<string> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roll-bench-'));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  const out = path.join(folder, `${ppi}ppi-${path.basename(file)}`);
  // Loaded here only: it renders with pdf.js, some 150 MB in this process (repeated-roll-page.ts).
  const { writeLowResolutionCopy } = await import('../server/src/features/rolls/reader/synthetic-roll.test-helper');
  await writeLowResolutionCopy(file, out, { ppi, pages });
  return out;
}
