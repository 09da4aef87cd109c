import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ROLES, isAdminRole } from '@shared/auth/roles';
import { BOOTHS } from '@shared/reference/booths';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ListEmpty, ListLoading } from '@web/components/ui/list-states';
import { PageNav } from '@web/components/ui/page-nav';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { useUsersByRoles } from '@web/lib/users-by-role';
import { type ServiceRequestListParams, useServiceRequests } from '@web/features/service-requests/api/get-service-requests';
import { CreateServiceRequestDialog } from '@web/features/service-requests/components/create-service-request-dialog';
import { ServiceRequestDialog } from '@web/features/service-requests/components/service-request-dialog';
import { ServiceExportButton } from '@web/features/service-requests/components/service-export-button';
import { ServiceRequestFilters } from '@web/features/service-requests/components/service-request-filters';
import { ServiceRequestList } from '@web/features/service-requests/components/service-request-list';

const FILTER_KEYS = ['status', 'category', 'booth', 'village', 'assigned_to', 'overdue', 'from', 'to', 'search', 'page'] as const;

// /service (spec section 2, issue 59): the office's grievance register. The filters, the page
// and the open request live in the address, so a link or a reload shows the same view.
export function ServicePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => {
    const values: ServiceRequestListParams = {};
    for (const key of FILTER_KEYS) {
      const value = searchParams.get(key);
      if (value) values[key] = value;
    }
    return values;
  }, [searchParams]);
  const openId = Number(searchParams.get('open')) || null;
  const list = useServiceRequests(params);
  const { users } = useUsersByRoles(ROLES);
  const staff = useMemo(() => users.map((item) => ({ id: item._id, name: item.full_name })).sort((a, b) => a.name.localeCompare(b.name)), [users]);
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState(params.search ?? '');

  const update = (changes: Record<string, string | null>) => {
    // From the address as it is now: a debounced search may land after another change, and
    // the router's functional update would start from the render it was made in.
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  // The search reaches the address (and the server) once typing pauses.
  useEffect(() => {
    if ((params.search ?? '') === search.trim()) return;
    const timer = setTimeout(() => update({ search: search.trim() || null, page: null }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, t('service.fetchFailed')), { id: 'service-fetch-failed' });
  }, [list.isError, list.error, t]);

  if (!user) return null;
  const data = list.data;
  return (
    <div>
      <PageHeader title={t('service.title')}>
        <div className="flex flex-wrap gap-2">
          <ServiceExportButton params={params} />
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('service.newRequest')}
          </Button>
        </div>
      </PageHeader>
      <ServiceRequestFilters
        params={params}
        booths={BOOTHS}
        staff={staff}
        search={search}
        onSearch={setSearch}
        onChange={(key, value) => update({ [key]: value || null, page: null })}
        onClear={() => {
          setSearch('');
          setSearchParams({}, { replace: true });
        }}
      />
      {list.isLoading ? (
        <ListLoading label={t('service.loading')} />
      ) : !data || data.items.length === 0 ? (
        <ListEmpty title={t('service.empty')} hint={t('service.emptyHint')} />
      ) : (
        <>
          <ServiceRequestList requests={data.items} onOpen={(request) => update({ open: String(request.id) })} />
          <PageNav
            summary={t('service.summary', { total: data.total, page: data.page, totalPages: data.totalPages })}
            page={data.page}
            totalPages={data.totalPages}
            onPage={(page) => update({ page: page > 1 ? String(page) : null })}
          />
        </>
      )}
      <CreateServiceRequestDialog open={creating} booths={BOOTHS} staff={staff} onClose={() => setCreating(false)} onCreated={(id) => update({ open: String(id) })} />
      <ServiceRequestDialog id={openId} canEdit={isAdminRole(user.role)} booths={BOOTHS} staff={staff} onClose={() => update({ open: null })} />
    </div>
  );
}
