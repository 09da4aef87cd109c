import { AlertTriangle, Download, FileSpreadsheet, Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { IMPORT_ACCEPT, type ImportResult, type ImportWarning } from '@shared/voters/voter-import-schema';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Table } from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { downloadApiFile, saveBlob } from '@web/lib/file-download';
import { detailsCsv, type ImportProgress, useImportVoters } from '../api/voter-files';
import { ExportExcelButton } from './export-excel-button';
import { useFormMessage } from '@web/lib/form-message';
import { FilePicker } from '@web/components/ui/file-picker';
import { importCountsText, importToast } from './import-outcome';

// /voters?tab=import (issue 5): upload a spreadsheet, read what was refused, download the
// template, export every voter.
export function VoterImportPanel() {
  const { t } = useTranslation();
  const formMessage = useFormMessage();
  const [file, setFile] = useState<File | null>(null);
  const [updateExisting, setUpdateExisting] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const importVoters = useImportVoters(setProgress);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setResult(null);
    setProgress({ phase: 'uploading', percent: 0 });
    try {
      const outcome = await importVoters.mutateAsync({ file, updateExisting });
      setResult(outcome);
      const { tone, text } = importToast(t, outcome);
      if (tone === 'success') toast.success(text);
      // Not green when nothing was saved; amber when rows were saved but some were refused or had values left out.
      else if (tone === 'error') toast.error(text);
      else toast(text, { icon: <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-600" /> });
    } catch (error) {
      toast.error(errorMessage(error, t('voters.importExport.failed')));
    } finally {
      setProgress(null);
    }
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadApiFile('/voters/import/template', {}, 'voters_import_template.xlsx');
    } catch (error) {
      toast.error(errorMessage(error, t('voters.importExport.templateFailed')));
    } finally {
      setTemplateBusy(false);
    }
  };

  const downloadErrors = () => {
    if (!result) return;
    const headers = [t('voters.importExport.row'), t('voters.importExport.column'), t('voters.importExport.message')];
    // The server's row messages are English; the file speaks the language on screen.
    saveBlob(detailsCsv(headers, result.errorDetails.map((error) => [error.row, error.column, formMessage(error.message)])), 'voter_import_errors.csv');
  };

  const savedAsText = (savedAs: string | null) => savedAs ?? t('voters.importExport.leftEmpty');
  // Why the value was not placed, in the language on screen (issue 56).
  const reasonText = (warning: ImportWarning) =>
    warning.reason === 'village_of_another_taluka' && warning.belongsTo.length > 0
      ? t('voters.importExport.reasons.village_elsewhere', { of: warning.of ?? '', talukas: warning.belongsTo.join(', ') })
      : t(`voters.importExport.reasons.${warning.reason}`, { of: warning.of ?? '' });
  const downloadWarnings = () => {
    if (!result) return;
    const headers = [t('voters.importExport.row'), t('voters.importExport.column'), t('voters.importExport.value'), t('voters.importExport.message'), t('voters.importExport.savedAs')];
    saveBlob(detailsCsv(headers, result.warningDetails.map((warning) => [warning.row, warning.column, warning.value, reasonText(warning), savedAsText(warning.savedAs)])), 'voter_import_warnings.csv');
  };

  const busy = progress !== null;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6 lg:col-span-2" aria-labelledby="import-title">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1">
            <h2 id="import-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <FileSpreadsheet aria-hidden="true" className="h-5 w-5 text-blue-900" />
              {t('voters.importExport.importTitle')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('voters.importExport.importHint')}</p>
          </div>
          <Button variant="secondary" busy={templateBusy} onClick={() => void downloadTemplate()}>
            {!templateBusy && <Download aria-hidden="true" className="h-4 w-4" />}
            {t('voters.importExport.downloadTemplate')}
          </Button>
        </div>
        <form onSubmit={(event) => void submit(event)} className="space-y-4">
          <FilePicker label={t('voters.importExport.chooseFile')} accept={IMPORT_ACCEPT} disabled={busy} files={file ? [file] : []} onFiles={(files) => setFile(files[0] ?? null)} />
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" className="mt-0.5 h-4 w-4 rounded border-slate-300" checked={updateExisting} disabled={busy} onChange={(event) => setUpdateExisting(event.target.checked)} />
            <span>{t('voters.importExport.updateExisting')}</span>
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!file} busy={busy}>
              {!busy && <Upload aria-hidden="true" className="h-4 w-4" />}
              {t('voters.importExport.import')}
            </Button>
            {!file && !busy && <span className="text-sm text-slate-500">{t('voters.importExport.noFile')}</span>}
          </div>
          {progress && (
            <div role="status" className="space-y-2">
              <div className="flex items-center gap-2 text-sm text-slate-700">
                <Spinner className="h-4 w-4 text-blue-900" />
                {progress.phase === 'uploading' ? t('voters.importExport.uploading', { percent: progress.percent }) : t('voters.importExport.processing')}
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-slate-100">
                <div
                  className={`h-full bg-blue-900 transition-all ${progress.phase === 'processing' ? 'animate-pulse' : ''}`}
                  style={{ width: `${progress.phase === 'uploading' ? progress.percent : 100}%` }}
                />
              </div>
            </div>
          )}
        </form>

        {result && (
          <div className="mt-6 space-y-3" data-testid="import-result">
            <p className="font-medium text-slate-900">{importCountsText(t, result, true)}</p>
            {result.unknownColumns.length > 0 && (
              <p className="text-sm text-amber-700">{t('voters.importExport.unknownColumns', { columns: result.unknownColumns.join(', ') })}</p>
            )}
            {result.errors > 0 && (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{t('voters.importExport.errorsTitle')}</h3>
                  <Button variant="secondary" onClick={downloadErrors}>
                    <Download aria-hidden="true" className="h-4 w-4" />
                    {t('voters.importExport.downloadErrors')}
                  </Button>
                </div>
                {result.errors > result.errorDetails.length && (
                  <p className="text-sm text-slate-600">{t('voters.importExport.errorsShown', { shown: result.errorDetails.length, total: result.errors })}</p>
                )}
                <Table
                  variant="compact"
                  label={t('voters.importExport.errorsTitle')}
                  rows={result.errorDetails}
                  rowKey={(error, index) => `${error.row}-${index}`}
                  columns={[
                    { key: 'row', header: t('voters.importExport.row'), className: 'whitespace-nowrap tabular-nums', cell: (error) => error.row },
                    { key: 'column', header: t('voters.importExport.column'), cell: (error) => error.column },
                    { key: 'message', header: t('voters.importExport.message'), className: 'text-slate-700', cell: (error) => formMessage(error.message) },
                  ]}
                />
              </>
            )}
            {result.warnings > 0 && (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{t('voters.importExport.warningsTitle')}</h3>
                  <Button variant="secondary" onClick={downloadWarnings}>
                    <Download aria-hidden="true" className="h-4 w-4" />
                    {t('voters.importExport.downloadWarnings')}
                  </Button>
                </div>
                <p className="text-sm text-slate-600">{t('voters.importExport.warningsHint')}</p>
                {result.warnings > result.warningDetails.length && (
                  <p className="text-sm text-slate-600">{t('voters.importExport.warningsShown', { shown: result.warningDetails.length, total: result.warnings })}</p>
                )}
                <Table
                  variant="compact"
                  label={t('voters.importExport.warningsTitle')}
                  rows={result.warningDetails}
                  rowKey={(warning, index) => `${warning.row}-${index}`}
                  columns={[
                    { key: 'row', header: t('voters.importExport.row'), className: 'whitespace-nowrap tabular-nums', cell: (warning) => warning.row },
                    { key: 'column', header: t('voters.importExport.column'), cell: (warning) => warning.column },
                    { key: 'value', header: t('voters.importExport.value'), className: 'text-slate-700', cell: (warning) => warning.value },
                    { key: 'reason', header: t('voters.importExport.message'), className: 'text-slate-700', cell: reasonText },
                    { key: 'savedAs', header: t('voters.importExport.savedAs'), className: 'text-slate-700', cell: (warning) => savedAsText(warning.savedAs) },
                  ]}
                />
              </>
            )}
          </div>
        )}
      </section>

      <section className="h-fit rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="export-title">
        <h2 id="export-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Download aria-hidden="true" className="h-5 w-5 text-blue-900" />
          {t('voters.importExport.exportTitle')}
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-600">{t('voters.importExport.exportHint')}</p>
        <ExportExcelButton label={t('voters.importExport.exportAll')} variant="primary" />
      </section>
    </div>
  );
}
