import { sameHouse } from '@shared/households/household-proposals';
import type { RollChangeSchema, RollReviewRow, RollRowStatus, RollValues } from '@shared/rolls/roll-import-schema';
import { ROLL_BOX_FIELDS, ROLL_REVIEW_CONFIDENCE, type RollBoxField, type RollGender, type RollRelation } from '@shared/rolls/roll-types';
import { AGE_MAX, AGE_MIN } from '@shared/voters/voter-fields';
import type { RollImportVoterRow } from '../../db/schema';
import type { StoredBox, StoredRollVoter } from './roll-import-repository';

// How a read box becomes a voter, and how it compares with the voter stored under its EPIC.

const RELATION_TYPE: Record<RollRelation, string> = { father: 'Father', husband: 'Husband', mother: 'Mother', other: 'Other' };
// The voter field list says Other where the roll says third gender.
const GENDER: Record<RollGender, string> = { Male: 'Male', Female: 'Female', Third: 'Other' };
const EPIC_FORMAT = /^[A-Z0-9/-]{3,20}$/;

export const parseBox = (row: Pick<RollImportVoterRow, 'box'>): StoredBox => JSON.parse(row.box) as StoredBox;
const parseCorrected = (row: Pick<RollImportVoterRow, 'corrected'>): Partial<RollValues> => (row.corrected ? (JSON.parse(row.corrected) as Partial<RollValues>) : {});

const nfc = (value: string | null): string | null => {
  const text = value?.normalize('NFC').replace(/\s+/g, ' ').trim() ?? '';
  return text === '' ? null : text;
};

// The box's values with a person's corrections over what the reader found.
export function valuesOf(row: Pick<RollImportVoterRow, 'box' | 'corrected'>, box: StoredBox = parseBox(row)): RollValues {
  const read: RollValues = {
    serialNo: box.serialNo,
    epic: box.epic ? box.epic.trim().toUpperCase() : null,
    fullName: nfc(box.fullName),
    relation: box.relation,
    relativeName: nfc(box.relativeName),
    houseNo: nfc(box.houseNo),
    age: box.age,
    gender: box.gender,
  };
  const corrected = parseCorrected(row);
  if (corrected.epic) corrected.epic = corrected.epic.toUpperCase();
  return { ...read, ...corrected };
}

// What keeps a box from being saved as a voter, in the words the review shows.
export function problemsOf(values: RollValues): string[] {
  const problems: string[] = [];
  if (!values.epic) problems.push('epic-missing');
  else if (!EPIC_FORMAT.test(values.epic)) problems.push('epic-format');
  if (!values.fullName) problems.push('name-missing');
  if (values.serialNo === null) problems.push('serial-missing');
  if (values.age !== null && (values.age < AGE_MIN || values.age > AGE_MAX)) problems.push('age-out-of-range');
  return problems;
}

const PROBLEM_FIELD: Record<string, RollBoxField> = {
  'epic-missing': 'epic',
  'epic-format': 'epic',
  'name-missing': 'fullName',
  'serial-missing': 'serialNo',
  'age-out-of-range': 'age',
};

// The fields a person should look at: low confidence, the reader's reasons, the import's own
// checks. A field a person corrected is settled.
export function flaggedFieldsOf(box: StoredBox, values: RollValues, corrected: readonly string[]): RollBoxField[] {
  const fields = new Set<RollBoxField>();
  for (const field of ROLL_BOX_FIELDS) if ((box.confidence[field] ?? 0) < ROLL_REVIEW_CONFIDENCE) fields.add(field);
  for (const reason of box.review) {
    if (reason.field === 'box') fields.add('fullName');
    else fields.add(reason.field);
  }
  for (const problem of problemsOf(values)) fields.add(PROBLEM_FIELD[problem]!);
  for (const field of corrected) if (!problemsOf(values).some((problem) => PROBLEM_FIELD[problem] === field)) fields.delete(field as RollBoxField);
  return ROLL_BOX_FIELDS.filter((field) => fields.has(field));
}

// The voter's fields the roll says something about (null: the roll is silent, keep what is stored).
export interface RollVoterFields {
  voter_id: string;
  full_name: string;
  father_husband_name: string | null;
  relation_type: string | null;
  house_no: string | null;
  age: number | null;
  gender: string | null;
  booth: string;
  part_serial: number;
}

export function rollVoterFields(values: RollValues, booth: string): RollVoterFields | null {
  if (problemsOf(values).some((problem) => problem !== 'age-out-of-range')) return null;
  return {
    voter_id: values.epic!,
    full_name: values.fullName!,
    father_husband_name: values.relativeName,
    relation_type: values.relation ? RELATION_TYPE[values.relation] : null,
    house_no: values.houseNo,
    // An age the roll prints out of range is not saved: a person corrects it in the review.
    age: values.age !== null && values.age >= AGE_MIN && values.age <= AGE_MAX ? values.age : null,
    gender: values.gender ? GENDER[values.gender] : null,
    booth,
    part_serial: values.serialNo!,
  };
}

const COMPARED = ['full_name', 'father_husband_name', 'relation_type', 'house_no', 'age', 'gender', 'booth', 'part_serial'] as const;
export type ComparedField = (typeof COMPARED)[number];

// A house number printed or read with other spaces or letter case ("Plot 3 D", "plot 3D" from a
// scan of the same roll) is the same house (sameHouse): not a change for a person to review, nor
// a move out of the household.
const sameValue = (field: ComparedField, stored: unknown, to: unknown) =>
  field === 'house_no' && typeof stored === 'string' && typeof to === 'string' ? sameHouse(stored, to) : stored === to;

// Where the roll differs from the stored voter; a field the roll does not give stays as stored.
export function changesOf(fields: RollVoterFields, stored: StoredRollVoter): RollChangeSchema[] {
  const changes: RollChangeSchema[] = [];
  for (const field of COMPARED) {
    const to = fields[field];
    if (to === null || to === undefined) continue;
    if (!sameValue(field, stored[field], to)) changes.push({ field, from: stored[field], to });
  }
  return changes;
}

export function statusOf(box: StoredBox, fields: RollVoterFields | null, stored: StoredRollVoter | undefined, changes: readonly RollChangeSchema[]): RollRowStatus {
  if (box.deleted) return 'deleted';
  if (!fields) return 'invalid';
  if (!stored) return 'new';
  return changes.length > 0 ? 'changed' : 'unchanged';
}

// Whether the stored voter is no longer the one the review showed (issue 54): another id, none
// any more, one now, or a later version. Rows taken before migration 047 (seen = 0) pass.
export function editedSince(row: Pick<RollImportVoterRow, 'seen' | 'seen_voter_id' | 'seen_version'>, stored: Pick<StoredRollVoter, 'id' | 'version'> | undefined): boolean {
  if (row.seen !== 1) return false;
  if ((row.seen_voter_id ?? null) !== (stored?.id ?? null)) return true;
  return stored !== undefined && row.seen_version !== stored.version;
}

// Two ways of printing one constituency ("4 - Mandrem", "4-MANDREM"): by their numbers when both
// have one, else by their letters and digits.
export function sameConstituency(a: string, b: string): boolean {
  const number = (text: string) => /(\d+)/u.exec(text)?.[1];
  const numberA = number(a);
  const numberB = number(b);
  if (numberA !== undefined && numberB !== undefined) return Number(numberA) === Number(numberB);
  const letters = (text: string) => text.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, '');
  return letters(a) === letters(b);
}

// One review row: the box, its values, what needs a look, and what the commit would do.
export function reviewRowOf(row: RollImportVoterRow, booth: string | null, stored: StoredRollVoter | undefined, deletedVoter: { id: number; deleted_at: string } | null = null): RollReviewRow {
  const box = parseBox(row);
  const values = valuesOf(row, box);
  const corrected = Object.keys(parseCorrected(row));
  // Without a booth yet (no booth has the part's number), the booth is not compared.
  const fields = rollVoterFields(values, booth ?? stored?.booth ?? '');
  const changes = fields && stored ? changesOf(fields, stored) : [];
  return {
    n: row.n,
    page: row.page,
    values,
    confidence: box.confidence,
    flaggedFields: row.reviewed === 1 ? [] : flaggedFieldsOf(box, values, corrected),
    reasons: box.review.map((reason) => ({ field: reason.field, reason: reason.reason })),
    corrected,
    flagged: row.flagged === 1,
    reviewed: row.reviewed === 1,
    apply: row.apply === 1,
    deleted: box.deleted,
    duplicateMark: box.duplicateMark,
    status: statusOf(box, fields, stored, changes),
    problems: problemsOf(values),
    voter: stored ? { id: stored.id, version: stored.version } : null,
    changes,
    editedSince: editedSince(row, stored),
    deletedVoter: stored ? null : deletedVoter,
  };
}

// Whether a freshly read box needs review (the stored flag the "flagged only" filter reads).
export function needsReview(box: StoredBox): boolean {
  return flaggedFieldsOf(box, valuesOf({ box: JSON.stringify(box), corrected: null }, box), []).length > 0;
}
