import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { VOTER_FLAG_KINDS, VOTER_FLAG_STATUSES, type VoterFlagKind, type VoterFlagStatus } from '@shared/availability/availability-schema';
import { boothScopeOf, boothsInScope } from '@shared/auth/booth-scope';
import { PageHeader } from '@web/components/layout/page-header';
import type { VoterFlagParams } from '@web/features/availability/api/voter-flags';
import { useAvailabilityTranslation } from '@web/features/availability/availability-texts-loader';
import { VoterFlagsReview } from '@web/features/availability/components/voter-flags-review';
import { useSession } from '@web/lib/session';

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined => (value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined);

// /voter-flags (issue 20, widened by issue 61): the queue of availability reports for the office
// and Supervisors (their booths). Status, kind, booth and page live in the URL.
export function VoterFlagsPage() {
  const { t } = useAvailabilityTranslation();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const booths = useMemo(() => (user ? boothsInScope(boothScopeOf(user.role, user.booth_access)) : []), [user]);
  const params: VoterFlagParams = {
    status: oneOf<VoterFlagStatus>(VOTER_FLAG_STATUSES, search.get('status')) ?? 'pending',
    kind: oneOf<VoterFlagKind>(VOTER_FLAG_KINDS, search.get('kind')),
    booth: oneOf(booths, search.get('booth')),
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
  };
  const write = (next: VoterFlagParams) => {
    const query: Record<string, string> = {};
    if (next.status !== 'pending') query.status = next.status;
    if (next.kind) query.kind = next.kind;
    if (next.booth) query.booth = next.booth;
    if (next.page > 1) query.page = String(next.page);
    setSearch(query);
  };
  return (
    <div>
      <PageHeader title={t('queue.title')} />
      <VoterFlagsReview params={params} booths={booths} onChange={write} />
    </div>
  );
}
