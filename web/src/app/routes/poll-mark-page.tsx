import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { inputClassName } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { useBooths } from '@web/features/booths/api/get-booths';
import { MarkVotersPanel } from '@web/features/poll/components/mark-voters-panel';
import { errorMessage } from '@web/lib/api-client';

// /poll/mark?booth=31 (issue 22): a runner marks who voted in one of their booths. A worker
// with one booth lands on it; the booth lives in the address so a reload keeps it.
export function PollMarkPage() {
  const { t } = useTranslation();
  const booths = useBooths();
  const [params, setParams] = useSearchParams();
  const list = booths.data?.booths ?? [];
  const asked = Number(params.get('booth'));
  const boothId = list.some((booth) => booth.id === asked) ? asked : list.length === 1 ? list[0]!.id : null;

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t('pollDay.mark.title')} />
      {booths.isPending && <Spinner className="h-8 w-8 text-blue-900" />}
      {booths.isError && <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">{errorMessage(booths.error, t('pollDay.mark.failed'))}</p>}
      {booths.data && list.length === 0 && <p className="text-slate-600">{t('pollDay.mark.noBooths')}</p>}
      {list.length > 1 && (
        <label className="mb-4 block">
          <span className="mb-1 block text-sm font-medium text-slate-700">{t('pollDay.mark.booth')}</span>
          <select className={`${inputClassName} min-h-11`} value={boothId ?? ''} onChange={(event) => setParams(event.target.value ? { booth: event.target.value } : {})}>
            <option value="">{t('pollDay.mark.chooseBooth')}</option>
            {list.map((booth) => (
              <option key={booth.id} value={booth.id}>
                {booth.label}
                {booth.polling_station_name ? ` · ${booth.polling_station_name}` : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {boothId !== null && <MarkVotersPanel key={boothId} boothId={boothId} />}
    </div>
  );
}
