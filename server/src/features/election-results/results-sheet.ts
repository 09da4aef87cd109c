import { type Candidate, RESULTS_MAX_CANDIDATES, RESULTS_MAX_ROWS, RESULTS_REFUSED_SHOWN, type RefusedRow, type RowProblem } from '@shared/election-results/election-results-schema';
import { BOOTH_COUNT, boothLabelOf } from '@shared/reference/booths';
import { namesByValue } from '@shared/reference/reference-names';
import { matchKey } from '@shared/voters/list-matching';
import type { SheetRow } from '../../lib/spreadsheets/sheet-rows';
import { HttpError } from '../../plugins/error-handler';

// Reading a Form-20-like sheet (issue 61, decision 076): a header row naming the booth (or part
// or polling station number), one column per candidate or party, the total electors and the
// votes polled; then one row per booth. Pure: rows in, booths and refusals out; the caller
// saves nothing unless no row was refused.

export const RESULTS_HEADER_NEEDED =
  'The sheet needs a header row with a Booth (or Part number) column, one column per candidate or party, Total electors and Votes polled';

type ColumnRole = 'booth' | 'electors' | 'polled' | 'ignored';

// Headers compare as matchKey reads them (no case, spaces or punctuation).
const keys = (names: string[]) => new Set(names.map(matchKey));
const BOOTH_HEADERS = keys([
  'Booth', 'Booth No', 'Booth Number', 'Part', 'Part No', 'Part Number', 'Polling Station', 'Polling Station No', 'Polling Station Number', 'PS No',
  'Serial No of Polling Station', 'Sl No of Polling Station', 'बूथ', 'बूथ क्रमांक', 'भाग', 'भाग क्रमांक', 'भाग क्र', 'मतदान केंद्र', 'मतदान केंद्र क्रमांक', 'मतदान केंद्र क्र', 'भाग संख्या', 'મતદાન મથક', 'ભાગ નંબર',
]);
const ELECTOR_HEADERS = keys(['Total Electors', 'Electors', 'Total Voters', 'Electorate', 'No of Electors', 'एकूण मतदार', 'कुल मतदाता', 'कुल निर्वाचक', 'કુલ મતદારો']);
const POLLED_HEADERS = keys(['Votes Polled', 'Total Votes Polled', 'Polled', 'Total Polled', 'Votes Cast', 'झालेले मतदान', 'एकूण मतदान', 'डाले गए मत', 'कुल मतदान', 'કુલ મતદાન']);
// Form 20's other columns, not a candidate's: the serial, the sums and the rejected or tendered votes.
const IGNORED_HEADERS = keys([
  'Sr No', 'Sl No', 'S No', 'Serial', 'Serial No', 'Total', 'Total Valid Votes', 'Total of Valid Votes', 'Valid Votes', 'Rejected Votes', 'No of Rejected Votes',
  'Tendered Votes', 'No of Tendered Votes', 'अनु क्र', 'अनुक्रमांक', 'एकूण', 'वैध मते', 'बाद मते', 'कुल', 'वैध मत',
]);
// Rows of a Form 20 that are no booth: its totals and the postal ballots.
const NOT_BOOTH_ROWS = keys(['Total', 'Grand Total', 'Postal', 'Postal Votes', 'Postal Ballot', 'Postal Ballots', 'Total EVM Votes', 'एकूण', 'पोस्टल', 'टपाली मते', 'कुल']);

function roleOf(header: string): ColumnRole | undefined {
  const key = matchKey(header);
  if (BOOTH_HEADERS.has(key)) return 'booth';
  if (ELECTOR_HEADERS.has(key)) return 'electors';
  if (POLLED_HEADERS.has(key)) return 'polled';
  if (IGNORED_HEADERS.has(key)) return 'ignored';
  return undefined;
}

const words = (text: string) => text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

// Every name of every party (its value, the names in four languages, its full names), keyed as
// matchKey reads them, with how many words the name has. "Other" is matched only as a whole
// header: a candidate called "Other Patil" is no party's.
interface PartyName {
  party: string;
  words: number;
}
let partyNames: Map<string, PartyName> | undefined;
function partyNameMap(): Map<string, PartyName> {
  if (partyNames) return partyNames;
  partyNames = new Map();
  for (const [party, names] of namesByValue('parties')) {
    for (const name of names) {
      const key = matchKey(name);
      if (key && !partyNames.has(key)) partyNames.set(key, { party, words: words(name).length });
    }
  }
  return partyNames;
}

// The candidate a header names: a party's name alone ("BJP", "भाजप") is that party's column;
// a name with a party in it ("Ramesh Patil (BJP)", "Sunita More - Shiv Sena (UBT)") is that
// candidate of that party, the longest party name found winning; else the header is the
// candidate's name with no party (an independent, NOTA).
export function candidateOf(header: string): Candidate {
  const column = header.trim();
  const names = partyNameMap();
  const whole = names.get(matchKey(column));
  if (whole) return { column, name: column, party: whole.party };
  const tokens = words(column);
  let best: { party: string; from: number; to: number; length: number } | undefined;
  for (let from = 0; from < tokens.length; from += 1) {
    for (let to = from + 1; to <= tokens.length; to += 1) {
      const span = tokens.slice(from, to);
      const found = names.get(matchKey(span.join(' ')));
      if (!found || found.words !== span.length || found.party === 'Other') continue;
      const length = span.join('').length;
      if (!best || length > best.length) best = { party: found.party, from, to, length };
    }
  }
  if (!best) return { column, name: column, party: null };
  const rest = [...tokens.slice(0, best.from), ...tokens.slice(best.to)].join(' ').trim();
  return { column, name: rest || column, party: best.party };
}

export interface BoothResultRow {
  booth: string;
  electors: number;
  polled: number;
  // In the order of the candidates.
  votes: number[];
}

export interface ReadResults {
  candidates: Candidate[];
  booths: BoothResultRow[];
  refused: number;
  rowsRefused: RefusedRow[];
}

interface Layout {
  booth: number;
  electors: number;
  polled: number;
  candidates: { index: number; candidate: Candidate }[];
}

function layoutOf(cells: string[]): Layout | undefined {
  const roles = cells.map((cell) => (cell.trim() === '' ? 'ignored' : roleOf(cell)));
  const booth = roles.indexOf('booth');
  if (booth < 0) return undefined;
  const electors = roles.indexOf('electors');
  const polled = roles.indexOf('polled');
  if (electors < 0 || polled < 0) throw new HttpError(400, `${RESULTS_HEADER_NEEDED}. Not found: ${[electors < 0 ? 'Total electors' : '', polled < 0 ? 'Votes polled' : ''].filter(Boolean).join(', ')}`);
  const candidates = cells.flatMap((cell, index) => (roles[index] === undefined ? [{ index, candidate: candidateOf(cell) }] : []));
  if (candidates.length === 0) throw new HttpError(400, `${RESULTS_HEADER_NEEDED}. No candidate or party column was found`);
  if (candidates.length > RESULTS_MAX_CANDIDATES) throw new HttpError(400, `The sheet has ${candidates.length} candidate columns; a results sheet has at most ${RESULTS_MAX_CANDIDATES}`);
  const seen = new Set<string>();
  for (const { candidate } of candidates) {
    const key = matchKey(candidate.column);
    if (seen.has(key)) throw new HttpError(400, `The column "${candidate.column}" appears twice: each candidate or party has one column`);
    seen.add(key);
  }
  return { booth, electors, polled, candidates };
}

// A whole number of 0 or more as people type it: 1234, 1,234 or 1,23,456 (Indian grouping), 12.0.
function countOf(text: string): number | undefined {
  const value = text.trim().replace(/[\s,]/g, '');
  if (!/^\d+(\.0+)?$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

// "Booth-07", "Booth 7", "7" or "07": the booth numbered 7 (the app's own numbering, /booths/7).
export function boothOfCell(text: string): string | undefined {
  const match = /^(?:booth[\s-]*)?0*(\d{1,4})(?:\.0+)?$/i.exec(text.trim());
  return match ? boothLabelOf(Number(match[1])) : undefined;
}

const HEADER_SEARCH_ROWS = 20;

export async function readResultsSheet(rows: AsyncIterable<SheetRow>): Promise<ReadResults> {
  let layout: Layout | undefined;
  const booths: BoothResultRow[] = [];
  const rowsRefused: RefusedRow[] = [];
  let refused = 0;
  const seenAt = new Map<string, number>();
  let dataRows = 0;
  for await (const row of rows) {
    if (!layout) {
      // Form 20 has title lines above its header: the header is the first row naming a booth column.
      layout = layoutOf(row.cells);
      if (!layout && row.number >= HEADER_SEARCH_ROWS) break;
      continue;
    }
    const cell = (index: number) => (row.cells[index] ?? '').trim();
    if (row.cells.every((text) => text.trim() === '')) continue;
    const boothText = cell(layout.booth);
    if (NOT_BOOTH_ROWS.has(matchKey(boothText))) continue;
    dataRows += 1;
    if (dataRows > RESULTS_MAX_ROWS) throw new HttpError(400, `The sheet has more than ${RESULTS_MAX_ROWS} rows; a constituency's results have one row per booth`);
    const reasons: string[] = [];
    const problems: RowProblem[] = [];
    const refuse = (code: RowProblem['code'], params: RowProblem['params'], text: string) => {
      problems.push({ code, params });
      reasons.push(text);
    };
    const booth = boothOfCell(boothText);
    if (!booth) {
      if (boothText === '') refuse('boothMissing', {}, 'The booth is missing');
      else refuse('boothUnknown', { value: boothText, count: BOOTH_COUNT }, `"${boothText}" is not a booth (Booth-01 to Booth-${BOOTH_COUNT}, or its number)`);
    } else if (seenAt.has(booth)) refuse('boothRepeated', { booth, row: seenAt.get(booth) ?? 0 }, `${booth} is on row ${seenAt.get(booth)} already`);
    const electors = countOf(cell(layout.electors));
    const polled = countOf(cell(layout.polled));
    if (electors === undefined) refuse('electorsInvalid', {}, 'Total electors must be a whole number of 0 or more');
    if (polled === undefined) refuse('polledInvalid', {}, 'Votes polled must be a whole number of 0 or more');
    if (electors !== undefined && polled !== undefined && polled > electors) refuse('polledAboveElectors', { polled, electors }, `Votes polled (${polled}) are more than the electors (${electors})`);
    const votes: number[] = [];
    for (const { index, candidate } of layout.candidates) {
      const text = cell(index);
      const count = text === '' || text === '-' ? 0 : countOf(text);
      if (count === undefined) refuse('votesInvalid', { candidate: candidate.column }, `Votes for ${candidate.column} must be a whole number of 0 or more`);
      votes.push(count ?? 0);
    }
    const sum = votes.reduce((total, count) => total + count, 0);
    if (polled !== undefined && sum > polled) refuse('votesAbovePolled', { sum, polled }, `The candidates' votes (${sum}) are more than the votes polled (${polled})`);
    if (booth && !seenAt.has(booth)) seenAt.set(booth, row.number);
    if (reasons.length > 0 || !booth || electors === undefined || polled === undefined) {
      refused += 1;
      if (rowsRefused.length < RESULTS_REFUSED_SHOWN) rowsRefused.push({ row: row.number, booth: booth ?? (boothText || null), reasons, problems });
      continue;
    }
    booths.push({ booth, electors, polled, votes });
  }
  if (!layout) throw new HttpError(400, RESULTS_HEADER_NEEDED);
  if (booths.length === 0 && refused === 0) throw new HttpError(400, 'The sheet has a header but no booth rows');
  return { candidates: layout.candidates.map(({ candidate }) => candidate), booths, refused, rowsRefused };
}
