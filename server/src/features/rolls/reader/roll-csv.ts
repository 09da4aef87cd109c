import { ROLL_BOX_FIELDS, ROLL_REVIEW_CONFIDENCE, type RollCoverFacts, type RollVoterBox } from '@shared/rolls/roll-types';
import { neutralizeCell } from '@shared/spreadsheets/formula-cells';

// The `npm run roll` spreadsheet: one row per voter box, the columns issue 19 names.
export const ROLL_CSV_COLUMNS = ['page', 'part_no', 'serial_no', 'section', 'epic', 'full_name', 'relation', 'relative_name', 'house_no', 'age', 'gender', 'deleted', 'duplicate_mark', 'confidence'] as const;

// A row's confidence: its least sure field, and below the review line whenever the review
// screen would flag the box. An empty house number is normal on rolls and costs nothing.
export function rowConfidence(voter: RollVoterBox): number {
  const values = ROLL_BOX_FIELDS.filter((field) => field !== 'houseNo' || voter.houseNo !== null).map((field) => voter.confidence[field]);
  let confidence = Math.min(1, ...values);
  if (voter.review.length > 0) confidence = Math.min(confidence, ROLL_REVIEW_CONFIDENCE - 0.01);
  return Math.max(0, Math.round(confidence * 100) / 100);
}

function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = neutralizeCell(String(value));
  return /[",\n\r]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

export function rollCsvHeader(): string {
  return `${ROLL_CSV_COLUMNS.join(',')}\n`;
}

export function rollCsvRow(voter: RollVoterBox): string {
  return `${[voter.page, voter.partNo, voter.serialNo, voter.section, voter.epic, voter.fullName, voter.relation, voter.relativeName, voter.houseNo, voter.age, voter.gender, voter.deleted, voter.duplicateMark, rowConfidence(voter)].map(cell).join(',')}\n`;
}

// The cover facts as one line (standard error of the command).
export function coverLine(cover: RollCoverFacts): string {
  const totals = cover.totals;
  const parts = [
    `cover page ${cover.page}`,
    `constituency: ${cover.constituency ?? '?'}`,
    `part: ${cover.partNo ?? '?'}`,
    `polling station: ${cover.pollingStationNumber ?? '?'} ${cover.pollingStationName ?? ''}`.trimEnd(),
    `address: ${cover.pollingStationAddress ?? '?'}`,
    `village: ${cover.village ?? '?'}`,
    `taluka: ${cover.taluka ?? '?'}`,
    `district: ${cover.district ?? '?'}`,
    `PIN: ${cover.pin ?? '?'}`,
    `sections: ${cover.sections.map((section) => `${section.number}-${section.name}`).join('; ') || '?'}`,
    `totals: male ${totals.male ?? '?'}, female ${totals.female ?? '?'}, third ${totals.third ?? '?'}, total ${totals.total ?? '?'}`,
  ];
  return parts.join(' | ');
}
