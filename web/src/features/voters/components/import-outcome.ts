import type { TFunction } from 'i18next';
import type { ImportResult } from '@shared/voters/voter-import-schema';

// How an import's result reads (issue 18): the counts as they are, each with its own plural,
// and a tone that is never "success" when nothing was saved.
export type ImportTone = 'success' | 'warning' | 'error';

type Counts = Pick<ImportResult, 'imported' | 'updated' | 'warnings' | 'errors'>;

// "5 voters imported, 2 updated, 1 warning, 0 errors". Imported and errors always (the spec's
// toast names both); updated and warnings when there are any, unless `every` asks for all four.
export function importCountsText(t: TFunction, result: Counts, every = false): string {
  const parts: string[] = [t('voters.importExport.counts.imported', { count: result.imported })];
  if (every || result.updated > 0) parts.push(t('voters.importExport.counts.updated', { count: result.updated }));
  if (every || result.warnings > 0) parts.push(t('voters.importExport.counts.warnings', { count: result.warnings }));
  parts.push(t('voters.importExport.counts.errors', { count: result.errors }));
  return parts.join(t('voters.importExport.countsSeparator'));
}

export function importTone(result: Counts): ImportTone {
  if (result.imported + result.updated === 0) return 'error';
  return result.errors > 0 || result.warnings > 0 ? 'warning' : 'success';
}

export function importToast(t: TFunction, result: Counts): { tone: ImportTone; text: string } {
  return { tone: importTone(result), text: t('voters.importExport.completed', { counts: importCountsText(t, result) }) };
}
