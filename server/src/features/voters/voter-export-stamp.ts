import { neutralizeCell } from '@shared/spreadsheets/formula-cells';
import { zonedTimestamp } from '@shared/time/zoned-time';
import type { VoterFilters } from '@shared/voters/voter-schema';
import { type DocumentProperties, footerText, type SheetCell } from '../../lib/spreadsheets/xlsx-sheet-writer';

// Leak tracing (issue 17): every export says who made it and when, three times over: an
// "About this file" sheet anyone opening the file sees, a page footer on every printed page of
// the voter sheet, and the document properties (File > Info). The voter sheet itself keeps
// only voters, so an exported file imports back unchanged. The export reference is also in the
// EXPORT_VOTERS audit row, so a copy found elsewhere leads to that row.

export const ABOUT_SHEET = 'About this file';

export const CONFIDENTIALITY_NOTE =
  "Confidential voter data. For the organisation's own work only: do not share, forward or publish it. " +
  'Every export is logged with who made it and when; a leaked copy can be traced back to this export.';

// What an export holds, in the words its stamp uses: voters by default; the service-request
// register's export (decision 090) is stamped the same way with its own words.
export interface ExportKind {
  title: string;
  subject: string;
  note: string;
  rowsLabel: string;
  rowsWord: string;
  everything: string;
}

export const VOTER_EXPORT_KIND: ExportKind = {
  title: 'Voter export',
  subject: 'Confidential voter data',
  note: CONFIDENTIALITY_NOTE,
  rowsLabel: 'Voters in this file',
  rowsWord: 'voters',
  everything: 'All voters (no filter)',
};

export interface ExportStamp {
  reference: string;
  fullName: string;
  username: string;
  role: string;
  at: Date;
  timezone: string;
  appName: string;
  filters: Partial<VoterFilters> | Record<string, unknown>;
  all: boolean;
  kind?: ExportKind;
}

const kindOf = (stamp: Pick<ExportStamp, 'kind'>) => stamp.kind ?? VOTER_EXPORT_KIND;

// The filter as one line: "booth=Booth-22; gender=Female", or what an unfiltered export holds.
export function describeFilters(stamp: Pick<ExportStamp, 'filters' | 'all' | 'kind'>): string {
  const used = Object.entries(stamp.filters).filter(([, value]) => value !== undefined && value !== '' && value !== null);
  if (used.length === 0) return stamp.all ? kindOf(stamp).everything : 'No filter';
  return used.map(([name, value]) => `${name}=${String(value)}`).join('; ');
}

const exporter = (stamp: ExportStamp) => `${stamp.fullName} (${stamp.username})`;
const officeTime = (stamp: ExportStamp) => `${zonedTimestamp(stamp.at, stamp.timezone)} ${stamp.timezone}`;

// Left: who and when; right: the page number. Excel keeps 255 characters of a footer.
export function printFooter(stamp: ExportStamp): string {
  const left = footerText(`Confidential · Exported by ${exporter(stamp)}, ${stamp.role}, ${officeTime(stamp)} · Ref ${stamp.reference}`).slice(0, 200);
  return `&L${left}&RPage &P of &N`;
}

// The "About this file" sheet: a label and a value a row. Every text is neutralised, as in
// the voter sheet: a search filter like "=HYPERLINK(...)" is never run.
export function aboutRows(stamp: ExportStamp, result: { rows: number; complete: boolean }): SheetCell[][] {
  return [
    ['Confidential', kindOf(stamp).note],
    ['Exported by', exporter(stamp)],
    ['Role', stamp.role],
    ['Exported at (UTC)', stamp.at.toISOString()],
    ['Exported at (office time)', officeTime(stamp)],
    ['Filter', describeFilters(stamp)],
    [kindOf(stamp).rowsLabel, result.rows],
    ['Export reference', stamp.reference],
    ['Application', stamp.appName],
  ].map(([label, value]) => [label as string, typeof value === 'number' ? value : neutralizeCell(String(value))]);
}

export function exportProperties(stamp: ExportStamp, result: { rows: number }): DocumentProperties {
  return {
    title: kindOf(stamp).title,
    subject: kindOf(stamp).subject,
    creator: exporter(stamp),
    lastModifiedBy: exporter(stamp),
    created: stamp.at,
    description: `${kindOf(stamp).note} Exported by ${exporter(stamp)} (${stamp.role}) at ${officeTime(stamp)}; filter: ${describeFilters(stamp)}; ${result.rows} ${kindOf(stamp).rowsWord}; reference ${stamp.reference}.`,
    keywords: `confidential; export ${stamp.reference}`,
    category: 'Confidential',
    application: stamp.appName,
    company: stamp.appName,
    custom: {
      'Exported by': stamp.fullName,
      Username: stamp.username,
      Role: stamp.role,
      'Exported at': stamp.at.toISOString(),
      'Exported at (office time)': officeTime(stamp),
      Filter: describeFilters(stamp),
      Rows: String(result.rows),
      'Export reference': stamp.reference,
      Confidential: kindOf(stamp).note,
    },
  };
}
