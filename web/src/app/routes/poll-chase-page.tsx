import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useBoothChaseList, useChaseBooths, useMyChaseList } from '@web/features/poll/api/chase';
import { ChaseBoothsTable } from '@web/features/poll/components/chase-booths-table';
import { ChaseListView } from '@web/features/poll/components/chase-list';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';

// /poll/chase (issue 22): a Karyakarta's supporters who have not voted yet; for the office and
// Supervisors the booths by supporters still out, and ?booth=31 one booth's list.
export function PollChasePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const worker = user?.role === 'Karyakarta';
  const [params, setParams] = useSearchParams();
  const boothId = !worker && params.get('booth') ? Number(params.get('booth')) : null;
  const mine = useMyChaseList(worker);
  const booths = useChaseBooths(!worker && boothId === null);
  const booth = useBoothChaseList(boothId);
  const current = worker ? mine : boothId !== null ? booth : booths;

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t('pollDay.chase.title')}>
        {boothId !== null && (
          <Button variant="secondary" onClick={() => setParams({})}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('pollDay.chase.back')}
          </Button>
        )}
      </PageHeader>
      {current.isPending && <Spinner className="h-8 w-8 text-blue-900" />}
      {current.isError && <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">{errorMessage(current.error, t('pollDay.chase.loadFailed'))}</p>}
      {worker && mine.data && <ChaseListView list={mine.data} />}
      {!worker && boothId !== null && booth.data && <ChaseListView list={booth.data} />}
      {!worker && boothId === null && booths.data && <ChaseBoothsTable booths={booths.data.booths} supporters={booths.data.supporters} onOpen={(id) => setParams({ booth: String(id) })} />}
    </div>
  );
}
