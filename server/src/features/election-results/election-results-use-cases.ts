import type { ElectionSummary, ResultsImportAnswer, ResultsImportFields } from '@shared/election-results/election-results-schema';
import type { AppContext } from '../../context';
import { readSheetRows, type SpreadsheetKind } from '../../lib/spreadsheets/spreadsheet-readers';
import { HttpError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { deleteElectionRows, electionSummaries, findElection, findElectionByName, insertElection } from './election-results-repository';
import { readResultsSheet } from './results-sheet';
import { type UserActor } from '../audit/actor';

// Importing and deleting past results (issue 61, decision 076): the file is read and checked
// whole first; any row refused and nothing is saved. An election of the same kind, year and name
// imported before is replaced only when the office says so (replace=true, else 409); the old
// rows, the new ones and the audit row share one transaction.

export const ELECTION_NOT_FOUND = 'Election not found';

const kindNames = { assembly: 'Assembly', lok_sabha: 'Lok Sabha', local: 'Local body' } as const;
const titleOf = (fields: { name: string; year: number; kind: keyof typeof kindNames }) => `${fields.name} (${kindNames[fields.kind]} ${fields.year})`;

// 200 for a preview or a saved import; 400 with the same answer when rows were refused.
export async function importResults(
  ctx: AppContext,
  actor: UserActor,
  upload: { path: string; fileName: string; kind: SpreadsheetKind },
  fields: ResultsImportFields,
): Promise<{ status: 200 | 400; answer: ResultsImportAnswer }> {
  const read = await readResultsSheet(readSheetRows(upload.path, upload.kind));
  const title = titleOf(fields);
  const base = { candidates: read.candidates, booths: read.booths.length, refused: read.refused, rows_refused: read.rowsRefused };
  if (read.refused > 0) {
    const message = `${read.refused} ${read.refused === 1 ? 'row was' : 'rows were'} refused; nothing was saved. Correct the rows listed and import the file again.`;
    return { status: 400, answer: { ...base, saved: false, replaced: false, election: null, message } };
  }
  const existing = await findElectionByName(ctx.db, fields);
  const summary = existing ? ((await electionSummaries(ctx.db, [existing.id]))[0] ?? null) : null;
  if (fields.preview) {
    const message = existing
      ? `${title}: ${read.booths.length} booths, ${read.candidates.length} candidates. Results of this election were imported on ${existing.imported_at.slice(0, 10)}; importing replaces them.`
      : `${title}: ${read.booths.length} booths, ${read.candidates.length} candidates. Nothing is saved until you import.`;
    return { status: 200, answer: { ...base, saved: false, replaced: false, election: summary, message } };
  }
  const now = new Date().toISOString();
  const saved = await ctx.db.transaction().execute(async (trx) => {
    // One results import at a time (PostgreSQL; SQLite writes one at a time anyway), so the
    // election looked up here is still the one replaced.
    await ctx.dialect.lockName(trx, 'past-results-import');
    const before = await findElectionByName(trx, fields);
    if (before && !fields.replace) {
      throw new HttpError(409, `Results of ${title} were imported on ${before.imported_at.slice(0, 10)}${before.imported_by_name ? ` by ${before.imported_by_name}` : ''}. Choose "Replace" to import them again.`);
    }
    if (before) await deleteElectionRows(trx, before.id);
    const id = await insertElection(trx, { ...fields, fileName: upload.fileName, userId: actor.user.id, userName: actor.user.full_name, now }, read.candidates, read.booths);
    await recordAudit(trx, {
      userId: actor.user.id,
      userName: actor.user.full_name,
      action: 'IMPORT_ELECTION_RESULTS',
      tableName: 'past_elections',
      recordId: id,
      recordName: title,
      ipAddress: actor.ipAddress,
      details: { file: upload.fileName, booths: read.booths.length, candidates: read.candidates.map((candidate) => candidate.party ?? candidate.name), replaced: before ? before.id : null },
    });
    return { id, replaced: Boolean(before) };
  });
  const [election] = await electionSummaries(ctx.db, [saved.id]);
  const message = `${title}: results of ${read.booths.length} booths ${saved.replaced ? 'replaced the earlier import' : 'imported'}`;
  return { status: 200, answer: { ...base, saved: true, replaced: saved.replaced, election: election ?? null, message } };
}

export async function deleteElection(ctx: AppContext, actor: UserActor, id: number, version: number | undefined): Promise<ElectionSummary> {
  return ctx.db.transaction().execute(async (trx) => {
    await ctx.dialect.lockName(trx, 'past-results-import');
    const existing = await findElection(trx, id);
    if (!existing) throw new HttpError(404, ELECTION_NOT_FOUND);
    if (version !== undefined && version !== existing.version) throw new HttpError(409, 'These results were imported again after you opened them');
    const [summary] = await electionSummaries(trx, [id]);
    await deleteElectionRows(trx, id);
    await recordAudit(trx, {
      userId: actor.user.id,
      userName: actor.user.full_name,
      action: 'DELETE_ELECTION_RESULTS',
      tableName: 'past_elections',
      recordId: id,
      recordName: titleOf({ name: existing.name, year: existing.year, kind: existing.kind as keyof typeof kindNames }),
      ipAddress: actor.ipAddress,
      details: { booths: summary?.booths ?? 0, file: existing.file_name, imported_at: existing.imported_at },
    });
    if (!summary) throw new HttpError(404, ELECTION_NOT_FOUND);
    return summary;
  });
}
