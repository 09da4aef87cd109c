import { randomUUID } from 'node:crypto';
import { PassThrough, type Writable } from 'node:stream';
import { DEFAULT_SETTINGS } from '@shared/settings/settings-schema';
import { neutralizeCell } from '@shared/spreadsheets/formula-cells';
import { answerText, type SurveyAnswers, surveyText } from '@shared/surveys/survey-answers';
import type { SurveyExportQuery } from '@shared/surveys/survey-schema';
import { nextDay, startOfZonedDay, zonedDay, zonedTimestamp } from '@shared/time/zoned-time';
import type { AppContext } from '../../context';
import { type SheetCell, XlsxWorkbookWriter } from '../../lib/spreadsheets/xlsx-sheet-writer';
import { HttpError } from '../../plugins/http-error';
import { type UserActor, userAudit } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { surveyRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import { returnExportSlot, takeExportSlot } from '../voters/export-counts-repository';
import { assertBoothAllowed, boothScopeFor } from '../voters/voter-access';
import { ABOUT_SHEET, aboutRows, type ExportStamp, exportProperties, printFooter } from '../voters/voter-export-stamp';
import { dailyExportLimit, exportLimitMessage } from '../voters/voters-use-cases';
import { type ExportRow, exportPageAfter, findSurvey, type StoredSurvey } from './surveys-repository';
import { SURVEY_NOT_FOUND } from './surveys-use-cases';

// A survey's answers as .xlsx (issue 61): one row per voter answered for, the voter's booth,
// village, serial, house, name, voter ID, age, gender, caste and support level, who answered and
// when, then one column per question in the survey's own language. The file names voters, so it
// is an export like the voters' (decision 016): it takes one of the user's daily exports, carries
// the same stamp (an "About this file" sheet, a page footer, the document properties) and leaves
// an EXPORT_SURVEY audit row with its reference once written.

const PAGE = 1000;
const BASE_COLUMNS = ['Booth', 'Village', 'Serial', 'House No', 'Full Name', 'Voter ID', 'Age', 'Gender', 'Caste', 'Support level', 'For household', 'Answered by', 'Answered at (UTC)'];

async function* pagesOf(ctx: AppContext, surveyId: number, filters: Parameters<typeof exportPageAfter>[2], first: ExportRow[]): AsyncGenerator<ExportRow[]> {
  let page = first;
  while (page.length > 0) {
    yield page;
    if (page.length < PAGE) return;
    page = await exportPageAfter(ctx.bulkDb, surveyId, filters, page[page.length - 1]!.id, PAGE);
  }
}

function rowCells(survey: StoredSurvey, row: ExportRow): SheetCell[] {
  let answers: SurveyAnswers = {};
  try {
    answers = JSON.parse(row.answers) as SurveyAnswers;
  } catch {
    answers = {};
  }
  const text = (value: string | null) => (value === null ? null : neutralizeCell(value));
  return [
    row.booth,
    text(row.village),
    row.part_serial,
    text(row.house_no),
    text(row.full_name),
    row.epic,
    row.age,
    row.gender,
    text(row.caste),
    row.support_level,
    row.household_key === null ? 'No' : 'Yes',
    text(row.answered_by_name),
    row.updated_at,
    ...survey.questions.map((question) => {
      const value = answers[question.key];
      if (value === undefined) return null;
      if (question.kind === 'number' || question.kind === 'rating') return typeof value === 'number' ? value : null;
      return neutralizeCell(answerText(question, value, survey.language, survey.language));
    }),
  ];
}

async function writeSurveyExport(stream: Writable, survey: StoredSurvey, pages: AsyncIterable<ExportRow[]>, stamp: ExportStamp, progress: { rows: number }): Promise<{ rows: number; complete: boolean }> {
  const columns = [
    ...BASE_COLUMNS.map((header) => ({ header, width: header === 'Full Name' ? 28 : 14 })),
    ...survey.questions.map((question) => ({ header: neutralizeCell(surveyText(question.text, survey.language, survey.language)), width: 24 })),
  ];
  const writer = new XlsxWorkbookWriter(stream, [
    { name: 'Answers', columns, printFooter: printFooter(stamp) },
    { name: ABOUT_SHEET, columns: [{ header: ABOUT_SHEET, width: 26 }, { header: '', width: 100 }] },
  ]);
  for await (const page of pages) {
    if (stream.destroyed) return { rows: progress.rows, complete: false };
    await writer.addRows(page.map((row) => rowCells(survey, row)));
    progress.rows += page.length;
  }
  await writer.nextSheet();
  await writer.addRows([['Survey', neutralizeCell(surveyText(survey.title, survey.language, survey.language))], ...aboutRows(stamp, { rows: progress.rows, complete: true })]);
  await writer.end({ ...exportProperties(stamp, { rows: progress.rows }), title: 'Survey answers export' });
  return { rows: progress.rows, complete: !stream.destroyed || stream.writableFinished };
}

// The stream of the file; the first page is read before it is returned, so a refusal is still an
// answer with its status rather than a cut download.
export async function exportSurvey(ctx: AppContext, actor: UserActor, surveyId: number, query: SurveyExportQuery, onFailed: (error: unknown) => void): Promise<{ stream: PassThrough; day: string }> {
  const scope = boothScopeFor(actor.user);
  assertBoothAllowed(scope, query.booth, 'view');
  const survey = await findSurvey(ctx.db, scope, surveyId);
  if (!survey) throw new HttpError(404, SURVEY_NOT_FOUND);
  const settings = await readSettings(ctx.db);
  const at = new Date();
  const day = zonedDay(at, settings.timezone);
  const limit = dailyExportLimit(settings, actor.user.role);
  const slot = { userId: actor.user.id, day, limit };
  const filters = { ...(query.booth ? { booth: query.booth } : {}), ...(query.village ? { village: query.village } : {}) };
  const stamp: ExportStamp = {
    reference: randomUUID(),
    fullName: actor.user.full_name,
    username: actor.user.username,
    role: actor.user.role,
    at,
    timezone: settings.timezone,
    appName: settings.app_name || DEFAULT_SETTINGS.app_name,
    filters,
    all: Object.keys(filters).length === 0,
  };
  const audit = { ...userAudit(actor, 'surveys'), recordId: surveyId, recordName: surveyRecordName(survey) };
  const exportsToday = await takeExportSlot(ctx.db, slot);
  if (exportsToday === null) {
    const resetsAt = zonedTimestamp(startOfZonedDay(nextDay(day), settings.timezone), settings.timezone);
    await recordAudit(ctx.db, { ...audit, action: 'EXPORT_REFUSED', details: { survey_id: surveyId, filters, limit, day } });
    const retryAfter = Math.max(1, Math.ceil((startOfZonedDay(nextDay(day), settings.timezone).getTime() - Date.now()) / 1000));
    throw new HttpError(429, exportLimitMessage(actor.user.role, limit, resetsAt, settings.timezone), undefined, { 'Retry-After': String(retryAfter) });
  }
  const queryFilters = { scope, booth: query.booth, village: query.village };
  let first: ExportRow[];
  try {
    first = await exportPageAfter(ctx.bulkDb, surveyId, queryFilters, 0, PAGE);
  } catch (error) {
    await returnExportSlot(ctx.db, slot);
    throw error;
  }
  const started = Date.now();
  const stream = new PassThrough();
  const progress = { rows: 0 };
  const written = (details: Record<string, unknown>) =>
    recordAudit(ctx.db, { ...audit, action: 'EXPORT_SURVEY', details: { reference: stamp.reference, filters, ...details, exportsToday, limit, ms: Date.now() - started } });
  void writeSurveyExport(stream, survey, pagesOf(ctx, surveyId, queryFilters, first), stamp, progress)
    .then(({ rows, complete }) => written({ rows, complete }))
    .catch(async (error: unknown) => {
      // The headers are gone: all that is left is to cut the download short, and say so.
      onFailed(error);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
      await written({ rows: progress.rows, complete: false, failed: true }).catch((auditError: unknown) => onFailed(auditError));
    });
  return { stream, day };
}
