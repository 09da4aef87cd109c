import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VOTER_FLAG_STATUSES, type VoterFlagStatus } from '@shared/contacts/contact-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { VoterFlagsReview } from '@web/features/contacts/components/voter-flags-review';

// /voter-flags (issue 20): the office's review of deceased and moved-away reports. The status
// and page live in the URL.
export function VoterFlagsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status') ?? '';
  const status: VoterFlagStatus = (VOTER_FLAG_STATUSES as readonly string[]).includes(requested) ? (requested as VoterFlagStatus) : 'pending';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const write = (next: { status: VoterFlagStatus; page: number }) => {
    const query: Record<string, string> = {};
    if (next.status !== 'pending') query.status = next.status;
    if (next.page > 1) query.page = String(next.page);
    setParams(query);
  };
  return (
    <div>
      <PageHeader title={t('contacts.flags.title')} />
      <VoterFlagsReview status={status} page={page} onStatus={(next) => write({ status: next, page: 1 })} onPage={(next) => write({ status, page: next })} />
    </div>
  );
}
