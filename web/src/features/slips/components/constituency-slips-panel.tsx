import { Download, Printer, Square } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { SlipFormat, SlipLanguage } from '@shared/slips/slip-schema';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { downloadSlips } from '../api/slip-files';
import { useCancelSlipJob, useSlipJobs, useStartSlipJob } from '../api/slip-jobs';
import { SlipOptionFields } from './slip-option-fields';

// The whole constituency's slips (office roles): started here, made in the background booth by
// booth, its progress shown while it runs (also after a reload), then downloaded.
export function ConstituencySlipsPanel() {
  const { t } = useTranslation();
  const jobs = useSlipJobs(true);
  const start = useStartSlipJob();
  const cancel = useCancelSlipJob();
  const [lang, setLang] = useState<SlipLanguage>('mr');
  const [format, setFormat] = useState<SlipFormat>('a4');
  const [downloading, setDownloading] = useState(false);
  const latest = jobs.data?.jobs[0];
  const running = latest?.state === 'running' || latest?.state === 'queued';

  const begin = async () => {
    try {
      await start.mutateAsync({ lang, format });
    } catch (error) {
      toast.error(errorMessage(error, t('slips.failed')));
    }
  };
  const download = async (id: number) => {
    setDownloading(true);
    try {
      await downloadSlips(`/slips/jobs/${id}/file`, {});
    } catch (error) {
      toast.error(errorMessage(error, t('slips.failed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-label={t('slips.constituency.title')} className="mb-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="constituency-slips">
      <h2 className="text-lg font-semibold text-slate-900">{t('slips.constituency.title')}</h2>
      <p className="mb-3 text-sm text-slate-600">{t('slips.constituency.hint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SlipOptionFields lang={lang} format={format} onLangChange={setLang} onFormatChange={setFormat} disabled={running} />
        <Button className="min-h-11" busy={start.isPending} disabled={running} onClick={() => void begin()}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          {t('slips.constituency.start')}
        </Button>
      </div>
      {latest && (
        <div className="mt-4" data-testid="slip-job">
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
            <span role="status">{t(`slips.constituency.states.${latest.state}`, { done: latest.done, total: latest.total, slips: latest.slips.toLocaleString('en-IN') })}</span>
            {running && (
              <Button variant="secondary" className="min-h-10" busy={cancel.isPending} onClick={() => void cancel.mutateAsync(latest.id)}>
                <Square aria-hidden="true" className="h-4 w-4" />
                {t('slips.constituency.cancel')}
              </Button>
            )}
            {latest.state === 'done' && (
              <Button variant="secondary" className="min-h-10" busy={downloading} onClick={() => void download(latest.id)}>
                <Download aria-hidden="true" className="h-4 w-4" />
                {t('slips.download')}
              </Button>
            )}
          </div>
          <progress className="h-2 w-full" max={latest.total || 1} value={latest.done} aria-label={t('slips.constituency.title')} />
          {latest.state === 'failed' && latest.error && <p className="mt-1 text-sm text-red-700">{latest.error}</p>}
        </div>
      )}
    </section>
  );
}
