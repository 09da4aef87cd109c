import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RollPageResult, RollVoterBox } from '../shared/rolls/roll-types';
import type { RollSample } from '../server/src/features/rolls/reader/roll-samples';

// The roll reader's ground truth: boxes of the real samples read by a person from the page
// images. The samples name real people, so the repository keeps only a salted SHA-256 of each
// field (NFC text), enough to tell whether the reader got it exactly right. Fields a person could
// not read with certainty are left out (null) and not counted.
//
// To extend it, write a TSV outside the repository (sample, page, box index in reading order,
// serial, EPIC, full name, relation, relative's name, age, gender; "-" for unsure) and run
//   npx tsx bench/roll-ground-truth.ts add FILE.tsv
// (a box already there is replaced); `make FILE.tsv` starts the file afresh from the TSV alone.
// House numbers came later and only for some boxes: `add-house FILE.tsv` (sample, page, box
// index, house number as printed, Devanagari digits as numbers) adds them to boxes already there,
// and adds a box of its house number alone where there is none (every numbered house of the
// English part was read so, to measure its house numbers on the whole part).
export const GROUND_TRUTH_FILE = path.join(import.meta.dirname, 'roll-ground-truth.json');
const SALT = 'voter-management/roll-reader/ground-truth/v1';

export const TRUTH_FIELDS = ['serialNo', 'epic', 'fullName', 'relation', 'relativeName', 'age', 'gender', 'houseNo'] as const;
export type TruthField = (typeof TRUTH_FIELDS)[number];

export interface TruthBox {
  sample: RollSample;
  page: number;
  index: number; // position of the box on its page, in reading order
  // Salted hashes; null (or, for a house number, absent) when not read by a person.
  fields: Record<Exclude<TruthField, 'houseNo'>, string | null> & { houseNo?: string | null };
}

// Whether a person read this field of this box (only those are counted).
export function hasTruth(box: TruthBox, field: TruthField): boolean {
  return (box.fields[field] ?? null) !== null;
}

export function truthHash(field: TruthField, value: string | number | null): string | null {
  if (value === null || value === '') return null;
  return createHash('sha256').update(`${SALT}|${field}|${String(value).normalize('NFC').trim()}`).digest('hex').slice(0, 24);
}

export function boxMatches(truth: TruthBox, field: TruthField, voter: RollVoterBox | undefined): boolean {
  return truthHash(field, voter?.[field] ?? null) === truth.fields[field];
}

// Each truth box's voter among pages read: the voter of its page whose serial number hashes as
// the box's, else whose EPIC does, else the one at its place (a box the reader missed or found
// twice then shifts no later box). Voters taken once at most.
export function matchTruthBoxes(boxes: TruthBox[], pages: RollPageResult[]): Map<TruthBox, RollVoterBox> {
  const matched = new Map<TruthBox, RollVoterBox>();
  const taken = new Set<RollVoterBox>();
  const byKey = (key: 'serialNo' | 'epic') => {
    for (const box of boxes) {
      if (matched.has(box) || box.fields[key] === null) continue;
      const voter = pages.find((page) => page.page === box.page)?.voters.find((candidate) => !taken.has(candidate) && truthHash(key, candidate[key]) === box.fields[key]);
      if (!voter) continue;
      matched.set(box, voter);
      taken.add(voter);
    }
  };
  byKey('serialNo');
  byKey('epic');
  for (const box of boxes) {
    const voter = pages.find((page) => page.page === box.page)?.voters[box.index];
    if (!matched.has(box) && voter && !taken.has(voter)) matched.set(box, voter);
  }
  return matched;
}

export function loadGroundTruth(): TruthBox[] {
  return (JSON.parse(readFileSync(GROUND_TRUTH_FILE, 'utf8')) as { boxes: TruthBox[] }).boxes;
}

function make(tsv: string, keep: TruthBox[] = []): void {
  const read: TruthBox[] = readFileSync(tsv, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [sample, page, index, serialNo, epic, fullName, relation, relativeName, age, gender] = line.split('\t').map((cell) => cell.trim());
      const value = (text: string | undefined) => (text === undefined || text === '-' ? null : text);
      return {
        sample: sample as TruthBox['sample'],
        page: Number(page),
        index: Number(index),
        fields: {
          serialNo: truthHash('serialNo', value(serialNo)),
          epic: truthHash('epic', value(epic)),
          fullName: truthHash('fullName', value(fullName)),
          relation: truthHash('relation', value(relation)),
          relativeName: truthHash('relativeName', value(relativeName)),
          age: truthHash('age', value(age)),
          gender: truthHash('gender', value(gender)),
        },
      };
    });
  const place = (box: TruthBox) => `${box.sample}/${box.page}/${box.index}`;
  const added = new Set(read.map(place));
  const boxes = [...keep.filter((box) => !added.has(place(box))), ...read];
  writeFileSync(GROUND_TRUTH_FILE, `${JSON.stringify({ note: 'Salted SHA-256 of fields read by a person from the sample rolls; see bench/roll-ground-truth.ts.', boxes }, null, 1)}\n`);
  console.log(`${boxes.length} boxes → ${GROUND_TRUTH_FILE}`);
}

function addHouses(tsv: string): void {
  const boxes = loadGroundTruth();
  for (const line of readFileSync(tsv, 'utf8').split('\n').filter((text) => text.trim())) {
    const [sample, page, index, house] = line.split('\t').map((cell) => cell.trim());
    let box = boxes.find((candidate) => candidate.sample === sample && candidate.page === Number(page) && candidate.index === Number(index));
    if (!box) {
      box = { sample: sample as TruthBox['sample'], page: Number(page), index: Number(index), fields: { serialNo: null, epic: null, fullName: null, relation: null, relativeName: null, age: null, gender: null } };
      boxes.push(box);
    }
    box.fields.houseNo = house === undefined || house === '-' ? null : truthHash('houseNo', house);
  }
  writeFileSync(GROUND_TRUTH_FILE, `${JSON.stringify({ note: 'Salted SHA-256 of fields read by a person from the sample rolls; see bench/roll-ground-truth.ts.', boxes }, null, 1)}\n`);
  console.log(`house numbers of ${boxes.filter((box) => hasTruth(box, 'houseNo')).length} boxes → ${GROUND_TRUTH_FILE}`);
}

if (process.argv[2] === 'make' && process.argv[3]) make(process.argv[3]);
if (process.argv[2] === 'add-house' && process.argv[3]) addHouses(process.argv[3]);
if (process.argv[2] === 'add' && process.argv[3]) make(process.argv[3], loadGroundTruth());
