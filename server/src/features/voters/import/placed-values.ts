import type { ImportWarningReason } from '@shared/voters/voter-import-schema';
import { isBlankListText, LIST_FIELD_NAMES, type ListField, matchListValue, matchSubcaste, unmatchedListValue } from '@shared/voters/list-matching';
import { VILLAGES_BY_TALUKA } from '@shared/reference/voter-lists';
import { VOTER_FIELDS, type VoterField } from '@shared/voters/voter-fields';
import { flagText } from './voter-columns';

// An import puts a row's text into its list and yes/no fields the way a person reading the
// sheet would (issue 18, decision 022): "farm labourer", "शेतकरी" and "Housewife" each find
// their value. A value that fits nowhere does not cost the row: the field is left empty, or
// saved as the list's "Other", and the row carries a warning naming the value.

export interface PlacedWarning {
  field: VoterField;
  value: string;
  savedAs: string | null;
  message: string;
  reason: ImportWarningReason;
  of: string | null;
  belongsTo: string[];
}

export type ColumnKind = 'list' | 'flag' | 'sub_caste' | 'text';

export function columnKindOf(field: VoterField): ColumnKind {
  if (LIST_FIELD_NAMES.has(field)) return 'list';
  if (field === 'sub_caste') return 'sub_caste';
  return VOTER_FIELDS.find((spec) => spec.name === field)?.kind === 'flag' ? 'flag' : 'text';
}

const VILLAGE_SETS = new Map(Object.entries(VILLAGES_BY_TALUKA).map(([taluka, villages]) => [taluka, new Set(villages)]));
const FLAG_DEFAULTS = new Map(VOTER_FIELDS.flatMap((field) => (field.kind === 'flag' ? [[field.name as VoterField, field.default]] : [])));
// A warning names the value as written, cut short if someone pasted a paragraph into the cell.
const VALUE_SHOWN_MAX = 100;
const shown = (text: string) => (text.length > VALUE_SHOWN_MAX ? `${text.slice(0, VALUE_SHOWN_MAX)}…` : text);
const outcome = (savedAs: string | null) => (savedAs === null ? 'left empty' : `saved as ${savedAs}`);

function warning(field: VoterField, text: string, savedAs: string | null, problem: string, why: Pick<PlacedWarning, 'reason'> & Partial<Pick<PlacedWarning, 'of' | 'belongsTo'>>): PlacedWarning {
  const value = shown(text.trim());
  return { field, value, savedAs, message: `${problem}: "${value}"; ${outcome(savedAs)}`, reason: why.reason, of: why.of ?? null, belongsTo: why.belongsTo ?? [] };
}

// The talukas a village is in (most are in one).
const talukasOf = (village: string) => [...VILLAGE_SETS].filter(([, villages]) => villages.has(village)).map(([taluka]) => taluka);

export interface FileColumns {
  // Which of the related fields the file has a column for: a sub-caste is placed within the
  // file's caste only when it has one (else, on an update, within the caste already stored).
  hasCaste: boolean;
}

// The row's texts by field (only the file's columns), placed in place. Returns the row's
// warnings, or undefined when it has none (most rows: no array is made for them).
export function placeRowValues(fields: Record<string, string>, kinds: ReadonlyMap<VoterField, ColumnKind>, columns: FileColumns): PlacedWarning[] | undefined {
  let warnings: PlacedWarning[] | undefined;
  const warn = (placed: PlacedWarning) => (warnings ??= []).push(placed);
  for (const [field, kind] of kinds) {
    const text = fields[field];
    if (text === undefined) continue;
    if (kind === 'list') {
      if (text.trim() === '') continue;
      const value = matchListValue(field as ListField, text);
      if (value !== null) {
        fields[field] = value;
      } else if (isBlankListText(field as ListField, text)) {
        fields[field] = '';
      } else {
        const savedAs = unmatchedListValue(field as ListField);
        warn(warning(field, text, savedAs, 'Not in the list', { reason: 'not_in_list' }));
        fields[field] = savedAs ?? '';
      }
    } else if (kind === 'flag') {
      const flag = flagText(text);
      if (flag === undefined) delete fields[field];
      else if (flag !== null) fields[field] = flag;
      else {
        // Left out, so the field takes the form's default.
        warn(warning(field, text, FLAG_DEFAULTS.get(field) ? 'Yes' : 'No', 'Not Yes or No', { reason: 'not_yes_no' }));
        delete fields[field];
      }
    }
  }
  const subcaste = fields.sub_caste;
  if (subcaste !== undefined && subcaste.trim() !== '') {
    const caste = columns.hasCaste ? fields.caste || null : null;
    const placed = matchSubcaste(caste, subcaste);
    if (placed !== null) fields.sub_caste = placed;
    else if (columns.hasCaste) {
      warn(warning('sub_caste', subcaste, null, caste === null ? 'A sub-caste without a caste' : `Not a sub-caste of ${caste}`, caste === null ? { reason: 'sub_caste_without_caste' } : { reason: 'not_sub_caste_of', of: caste }));
      fields.sub_caste = '';
    }
  }
  // A village of another taluka: the taluka is kept, the village left empty. "Other" fits any taluka.
  const { village, taluka } = fields;
  if (village && taluka && village !== 'Other') {
    const villages = VILLAGE_SETS.get(taluka);
    if (villages && !villages.has(village)) {
      const belongsTo = talukasOf(village);
      const elsewhere = belongsTo.length > 0 ? ` (a village of ${belongsTo.join(', ')})` : '';
      warn(warning('village', village, null, `Not a village of ${taluka}${elsewhere}`, { reason: 'village_of_another_taluka', of: taluka, belongsTo }));
      fields.village = '';
    }
  }
  return warnings;
}
