import { Copy, Home, Plus, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { boothScopeOf, boothsInScope } from '@shared/auth/booth-scope';
import { isAdminRole } from '@shared/auth/roles';
import { DUPLICATE_REVIEWERS } from '@shared/auth/route-access';
import { BOOTHS } from '@shared/reference/booths';
import type { Voter } from '@shared/voters/voter-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { inputClassName } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { ReportAvailabilityButton } from '@web/features/availability/components/report-availability-button';
import { RecordContactButton } from '@web/features/contacts/components/record-contact-button';
import { SupportBadge } from '@web/features/contacts/components/support-badge';
import { RaiseRequestButton } from '@web/features/service-requests/components/raise-request-button';
import { VoterStatusBadges } from '@web/features/contacts/components/voter-status-badges';
import { useDeleteVoter } from '@web/features/voters/api/delete-voter';
import { useVoters } from '@web/features/voters/api/get-voters';
import { DebouncedInput } from '@web/features/voters/components/debounced-input';
import { useVoterSearchParams } from '@web/features/voters/components/use-voter-search-params';
import { loadVoterQuerySchema } from '@web/features/voters/components/voter-list-state';
import { VoterPagination } from '@web/features/voters/components/voter-pagination';
import { type VoterRowExtras, VotersTable } from '@web/features/voters/components/voters-table';
import { errorMessage } from '@web/lib/api-client';
import { whenIdle } from '@web/lib/offline/offline-api';
import { useSession } from '@web/lib/session';

// What the list does not show at first comes as its own files when first needed (issue 21: the
// voter list of a phone parses far less code): the voter form (its schemas and reference lists)
// with its details and the slip button, the search tab's filters, the office's import and export.
// The form's file is fetched once the list is up, so it opens at once, and without a connection too.
const loadVoterEditor = () => import('./voter-editor');
const VoterEditor = lazy(() => loadVoterEditor().then((module) => ({ default: module.VoterEditor })));
const SlipPrintButton = lazy(() => loadVoterEditor().then((module) => ({ default: module.SlipPrintButton })));
const VoterFilters = lazy(() => import('@web/features/voters/components/voter-filters').then((module) => ({ default: module.VoterFilters })));
const ExportExcelButton = lazy(() => import('@web/features/voters/components/export-excel-button').then((module) => ({ default: module.ExportExcelButton })));
const VoterImportPanel = lazy(() => import('@web/features/voters/components/voter-import-panel').then((module) => ({ default: module.VoterImportPanel })));
const RollImportPanel = lazy(() => import('@web/features/rolls/components/roll-import-panel').then((module) => ({ default: module.RollImportPanel })));
// Issue 61: past election results, imported beside the voters.
const ResultsImportPanel = lazy(() => import('@web/features/election-results/components/results-import-panel').then((module) => ({ default: module.ResultsImportPanel })));
const RollReview = lazy(() => import('@web/features/rolls/components/roll-review').then((module) => ({ default: module.RollReview })));

const secondaryLink = 'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50';

type Editing = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; id: number };

// Issue 20 on the voter list: the roll state and support on each voter, and recording a contact
// from the row (an icon) or the phone's card (a tap target); issue 61: reporting the voter
// shifted, out of town, not found, deceased or a double entry beside it.
const CONTACT_EXTRAS: VoterRowExtras = {
  status: (voter) => <VoterStatusBadges voter={voter} />,
  support: (voter) => <SupportBadge level={voter.support_level} />,
  rowAction: (voter) => (
    <>
      <RecordContactButton voter={voter} variant="icon" />
      <ReportAvailabilityButton voter={voter} variant="icon" />
    </>
  ),
  // Issue 59: a field worker raises a citizen's request from the card too.
  cardAction: (voter) => (
    <div className="flex flex-wrap justify-end gap-2">
      <RecordContactButton voter={voter} />
      <RaiseRequestButton voter={voter} />
      <ReportAvailabilityButton voter={voter} />
    </div>
  ),
};

// /voters (spec section 2): tab=entry (quick search, Add Voter, the table), tab=search (every
// filter and the count), tab=import (issue 5). Filters and page live in the URL.
export function VotersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { tab, page, filters, listParams, queryValid, checking, filterErrors, setFilter, setPage, clearAll, countExactly, activeFilterCount } = useVoterSearchParams();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const [deleting, setDeleting] = useState<Voter | null>(null);
  const voters = useVoters(listParams, { enabled: queryValid });
  const deleteVoter = useDeleteVoter();

  const isAdmin = user ? isAdminRole(user.role) : false;
  // Issue 19: tab=import&roll=ID opens the review of one roll import.
  const [searchParams] = useSearchParams();
  const rollImportId = Number.parseInt(searchParams.get('roll') ?? '', 10) || null;
  // The booths this user may choose (the server checks too).
  const booths = useMemo(() => (user ? boothsInScope(boothScopeOf(user.role, user.booth_access)) : BOOTHS), [user]);

  const failed = voters.isError;
  useEffect(() => {
    if (failed) toast.error(errorMessage(voters.error, t('voters.fetchFailed')), { id: 'voters-fetch' });
  }, [failed, voters.error, t]);

  // A page past the end (after deletes, or an old bookmark) moves to the last page.
  const totalPages = voters.data?.totalPages ?? 0;
  useEffect(() => {
    if (voters.data && !voters.isPlaceholderData && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [voters.data, voters.isPlaceholderData, totalPages, page, setPage]);

  // The search tab exports what it shows: the list's filters without the page (nor how its total is counted).
  const exportFilters = useMemo(() => {
    const { page: _page, exactTotal: _exactTotal, ...rest } = listParams;
    return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]));
  }, [listParams]);

  const closeForm = useCallback(() => setEditing({ kind: 'closed' }), []);
  const listShown = voters.data !== undefined;
  useEffect(() => {
    if (!listShown) return;
    whenIdle(() => {
      void loadVoterEditor().catch(() => undefined);
      // The filters' checks (zod), for the search tab (voter-list-state.ts).
      void loadVoterQuerySchema().catch(() => undefined);
    });
  }, [listShown]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteVoter.mutateAsync(deleting.id);
      toast.success(t('voters.deleted'));
    } catch (error) {
      toast.error(errorMessage(error, t('voters.deleteFailed')));
    } finally {
      setDeleting(null);
    }
  };

  if (!user) return null;

  if (tab === 'import') {
    return (
      <div>
        <PageHeader title={t('voters.titles.import')} />
        <Suspense fallback={<Spinner className="h-6 w-6 text-blue-900" />}>
          {!isAdmin ? (
            <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">{t('voters.importExport.adminOnly')}</p>
          ) : rollImportId !== null ? (
            <RollReview importId={rollImportId} />
          ) : (
            <>
              {/* Issue 19: the electoral roll PDFs come first; spreadsheets below. */}
              <RollImportPanel />
              <VoterImportPanel />
              <ResultsImportPanel />
            </>
          )}
        </Suspense>
      </div>
    );
  }

  const list = voters.data;
  return (
    <div>
      <PageHeader title={t(`voters.titles.${tab}`)}>
        <div className="flex flex-wrap gap-2">
          <Suspense fallback={null}>
            {tab === 'search' && isAdmin && <ExportExcelButton filters={exportFilters} label={t('voters.exportExcel')} />}
            {(tab === 'search' || filters.search !== '') && <SlipPrintButton path="/slips/search" query={exportFilters} hint={t('slips.searchHint')} />}
          </Suspense>
          {/* Issue 20: a booth's households and the duplicate entries, reached from here for now. */}
          <Link to={`/households?booth=${encodeURIComponent(filters.booth || (booths.length === 1 ? booths[0]! : ''))}`} className={secondaryLink}>
            <Home aria-hidden="true" className="h-4 w-4" />
            {t('households.link')}
          </Link>
          {(DUPLICATE_REVIEWERS as readonly string[]).includes(user.role) && (
            <Link to="/duplicates" className={secondaryLink}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              {t('duplicates.link')}
            </Link>
          )}
          {tab === 'entry' && isAdmin && (
            <Link to="/voters?tab=search" className={secondaryLink}>
              <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
              {t('voters.advancedSearch')}
            </Link>
          )}
          <Button onClick={() => setEditing({ kind: 'create' })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('voters.addVoter')}
          </Button>
        </div>
      </PageHeader>

      {tab === 'entry' ? (
        <div className="relative mb-4">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <DebouncedInput
            type="search"
            aria-label={t('voters.searchLabel')}
            placeholder={t('voters.quickSearch')}
            className={`${inputClassName} py-2.5 pl-9`}
            value={filters.search}
            onValueChange={(value) => setFilter('search', value)}
            aria-invalid={filterErrors.search ? true : undefined}
            aria-describedby={filterErrors.search ? 'quick-search-error' : undefined}
          />
          {filterErrors.search && (
            <p id="quick-search-error" className="mt-1 text-sm text-red-600">
              {filterErrors.search}
            </p>
          )}
        </div>
      ) : (
        <Suspense fallback={<Spinner className="mb-4 h-6 w-6 text-blue-900" />}>
          <VoterFilters filters={filters} errors={filterErrors} booths={booths} activeCount={activeFilterCount} onChange={setFilter} onClear={clearAll} />
        </Suspense>
      )}

      {/* A query the filters' own errors refuse is not run, so there is no count or empty list to show. */}
      {!queryValid ? null : (tab === 'search' || voters.isFetching) && (
        <div className="mb-3 flex min-h-5 items-center gap-2 text-sm text-slate-600">
          {tab === 'search' && list && (
            <span data-testid="found-count">
              {list.totalEstimated ? t('voters.foundAbout', { total: list.total.toLocaleString('en-IN') }) : t('voters.found', { count: list.total, total: list.total.toLocaleString('en-IN') })}
            </span>
          )}
          {voters.isFetching && <Spinner className="h-4 w-4 text-blue-900" />}
        </div>
      )}

      {/* The filters still being checked (their schema on its way): the list is on its way too. */}
      {!queryValid && !checking ? null : !list ? (
        voters.isPending && (
          <div className="flex justify-center p-10 text-blue-900" role="status">
            <Spinner className="h-8 w-8" />
            <span className="sr-only">{t('voters.loading')}</span>
          </div>
        )
      ) : list.voters.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-medium text-slate-700">{t('voters.noVoters')}</p>
          <p className="mt-1 text-sm text-slate-500">{t('voters.noVotersHint')}</p>
        </div>
      ) : (
        <>
          <VotersTable voters={list.voters} canDelete={isAdmin} onEdit={(voter) => setEditing({ kind: 'edit', id: voter.id })} onDelete={setDeleting} extras={CONTACT_EXTRAS} />
          <VoterPagination
            page={page}
            totalPages={list.totalPages}
            total={list.total}
            onPage={setPage}
            totalEstimated={list.totalEstimated === true}
            onCountExactly={countExactly}
            counting={voters.isFetching && listParams.exactTotal !== undefined}
          />
        </>
      )}

      {editing.kind !== 'closed' && (
        <Suspense fallback={null}>
          <VoterEditor voterId={editing.kind === 'edit' ? editing.id : null} booths={booths} canEditRestricted={isAdmin} onClose={closeForm} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('voters.deleteTitle')}
        message={deleting ? t('voters.deleteMessage', { name: deleting.full_name, voterId: deleting.voter_id }) : ''}
        busy={deleteVoter.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
