import type { TFunction } from 'i18next';
import { FileText, Upload, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLL_IMPORT_BUSY, type RollImport, type RollImportState } from '@shared/rolls/roll-import-schema';
import { Badge, type BadgeColor } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useFormMessage } from '@web/lib/form-message';
import { useDateFormat } from '@web/lib/use-date-format';
import { FilePicker } from '@web/components/ui/file-picker';
import { useCancelRollImport, useRollImports, useUploadRolls } from '../api/roll-imports';

// The roll import on the Import/Export tab (issue 19): upload roll PDFs, watch them being read,
// open one for review. The list is read from the server, so it survives a page reload.

export const STATE_COLORS: Record<RollImportState, BadgeColor> = {
  queued: 'gray',
  reading: 'blue',
  review: 'yellow',
  committing: 'blue',
  done: 'green',
  cancelled: 'gray',
  failed: 'red',
};

export function timeLeftText(t: TFunction, seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return t('rolls.lessThanMinute');
  return t('rolls.timeLeft', { minutes: Math.ceil(seconds / 60) });
}

function RollProgress({ item }: { item: RollImport }) {
  const { t } = useTranslation();
  const percent = item.page_count > 0 ? Math.round((item.pages_done / item.page_count) * 100) : 0;
  const left = timeLeftText(t, item.seconds_left);
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label={t('rolls.progressLabel', { name: item.file_name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-900 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {item.page_count === 0 ? t('rolls.notStarted') : t('rolls.progress', { done: item.pages_done, total: item.page_count, voters: item.voters_found })}
        {left ? ` · ${left}` : ''}
      </p>
    </div>
  );
}

export function RollImportPanel() {
  const { t } = useTranslation();
  const { dateTime } = useDateFormat();
  // The job's error is stored in English; it is worded in the language on screen.
  const formMessage = useFormMessage();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const imports = useRollImports();
  const upload = useUploadRolls();
  const cancel = useCancelRollImport();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return;
    try {
      await upload.mutateAsync(files);
      toast.success(t('rolls.uploaded'));
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (error) {
      toast.error(errorMessage(error, t('rolls.uploadFailed')));
    }
  };

  const cancelImport = async (id: number) => {
    try {
      await cancel.mutateAsync(id);
      toast.success(t('rolls.cancelled'));
    } catch (error) {
      toast.error(errorMessage(error, t('rolls.cancelFailed')));
    }
  };

  const list = imports.data?.imports ?? [];
  return (
    <section className="mb-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="roll-import-title">
      <h2 id="roll-import-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <FileText aria-hidden="true" className="h-5 w-5 text-blue-900" />
        {t('rolls.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('rolls.hint')}</p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilePicker ref={input} label={t('rolls.chooseFiles')} accept="application/pdf,.pdf" multiple files={files} onFiles={setFiles} />
        <Button type="submit" disabled={files.length === 0} busy={upload.isPending} className="min-h-11">
          <Upload aria-hidden="true" className="h-4 w-4" />
          {t('rolls.upload')}
        </Button>
      </form>

      <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('rolls.recent')}</h3>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('rolls.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {list.map((item) => (
            <li key={item.id} className="p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={item.file_name}>
                  {item.file_name}
                </span>
                <Badge color={STATE_COLORS[item.state]}>{t(`rolls.states.${item.state}`)}</Badge>
              </div>
              <p className="mt-1 text-xs text-slate-600">
                {dateTime(item.created_at)}
                {item.part_no !== null ? ` · ${t('rolls.part', { part: item.part_no })}` : ''}
                {item.booth ? ` · ${item.booth}` : ''}
              </p>
              {(item.state === 'reading' || item.state === 'queued') && <RollProgress item={item} />}
              {item.state === 'failed' && item.error && <p className="mt-1 text-sm text-red-700">{formMessage(item.error)}</p>}
              {item.state === 'done' && item.result && <p className="mt-1 text-sm text-slate-700">{t('rolls.committed', item.result)}</p>}
              <div className="mt-2 flex flex-wrap gap-2">
                {item.state === 'review' && (
                  <Link to={`/voters?tab=import&roll=${item.id}`} className="inline-flex min-h-11 items-center rounded-lg bg-blue-900 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
                    {t('rolls.review')}
                  </Link>
                )}
                {(ROLL_IMPORT_BUSY.includes(item.state) || item.state === 'review') && item.state !== 'committing' && (
                  <Button variant="secondary" className="min-h-11" onClick={() => void cancelImport(item.id)} busy={cancel.isPending && cancel.variables === item.id}>
                    <X aria-hidden="true" className="h-4 w-4" />
                    {t('rolls.cancel')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
