import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ROLES } from '@shared/auth/roles';
import { BOOTHS } from '@shared/reference/booths';
import { zonedDay } from '@shared/time/zoned-time';
import type { VillageProgramDetail } from '@shared/village-programs/village-program-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ListEmpty, ListLoading } from '@web/components/ui/list-states';
import { PageNav } from '@web/components/ui/page-nav';
import { errorMessage } from '@web/lib/api-client';
import { useAppSettings } from '@web/lib/app-settings';
import { useSession } from '@web/lib/session';
import { useUsersByRoles } from '@web/lib/users-by-role';
import { CreateServiceRequestDialog } from '@web/features/service-requests/components/create-service-request-dialog';
import { CreateTaskDialog } from '@web/features/tasks/components/create-task-dialog';
import { type VillageProgramListParams, useVillagePrograms } from '@web/features/village-programs/api/get-village-programs';
import { NotVisitedList } from '@web/features/village-programs/components/not-visited-list';
import { VillageProgramDialog } from '@web/features/village-programs/components/village-program-dialog';
import { VillageProgramFilters } from '@web/features/village-programs/components/village-program-filters';
import { VillageProgramFormDialog } from '@web/features/village-programs/components/village-program-form-dialog';
import { VillageProgramList } from '@web/features/village-programs/components/village-program-list';
import { useVillageTranslation } from '@web/features/village-programs/village-texts-loader';

const FILTER_KEYS = ['from', 'to', 'taluka', 'village', 'kind', 'page'] as const;
const VIEWS = ['programs', 'notVisited'] as const;

// /village (spec section 2, issue 59): the office's village programs and visits, and the
// villages nobody has visited lately. The view, the filters, the page and the open program
// live in the address, so a link or a reload shows the same view.
export function VillagePage() {
  const { t } = useVillageTranslation();
  const { t: tApp } = useTranslation();
  const queryClient = useQueryClient();
  const { timezone } = useAppSettings();
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get('view') === 'not-visited' ? 'notVisited' : 'programs';
  const params = useMemo(() => {
    const values: VillageProgramListParams = {};
    for (const key of FILTER_KEYS) {
      const value = searchParams.get(key);
      if (value) values[key] = value;
    }
    return values;
  }, [searchParams]);
  const openId = Number(searchParams.get('open')) || null;
  const list = useVillagePrograms(params, view === 'programs');
  const { users } = useUsersByRoles(ROLES);
  const staff = useMemo(() => users.map((item) => ({ id: item._id, name: item.full_name })).sort((a, b) => a.name.localeCompare(b.name)), [users]);
  const [form, setForm] = useState<{ program: VillageProgramDetail | null } | null>(null);
  const [raisingAt, setRaisingAt] = useState<VillageProgramDetail | null>(null);
  const [followingUp, setFollowingUp] = useState<VillageProgramDetail | null>(null);
  const { user } = useSession();
  // Where a follow-up task starts; one object per program, so the form is filled once.
  const followUpStart = useMemo(() => (followingUp ? { title: t('detail.taskTitle', { title: followingUp.title }), area: followingUp.village } : null), [followingUp, t]);

  const update = (changes: Record<string, string | null | undefined>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, t('fetchFailed')), { id: 'village-fetch-failed' });
  }, [list.isError, list.error, t]);

  const data = list.data;
  return (
    <div>
      <PageHeader title={t('title')}>
        <Button onClick={() => setForm({ program: null })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('newProgram')}
        </Button>
      </PageHeader>
      <div role="tablist" aria-label={t('tabs.label')} className="mb-4 flex flex-wrap gap-2">
        {VIEWS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={value === view}
            className={`min-h-11 rounded-full px-5 text-sm font-medium ${value === view ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            onClick={() => update({ view: value === 'notVisited' ? 'not-visited' : null })}
          >
            {t(`tabs.${value}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`tabs.${view}`)}>
        {view === 'notVisited' ? (
          <NotVisitedList days={searchParams.get('days') ?? ''} taluka={searchParams.get('nv_taluka') ?? ''} onChange={(changes) => update({ days: changes.days, nv_taluka: changes.taluka })} />
        ) : (
          <>
            <VillageProgramFilters params={params} onChange={(changes) => update({ ...changes, page: null })} onClear={() => setSearchParams({}, { replace: true })} />
            {list.isLoading ? (
              <ListLoading label={t('loading')} />
            ) : !data || data.items.length === 0 ? (
              <ListEmpty title={t('empty')} hint={t('emptyHint')} />
            ) : (
              <>
                <VillageProgramList programs={data.items} onOpen={(program) => update({ open: String(program.id) })} />
                <PageNav
                  summary={t('summary', { total: data.total, page: data.page, totalPages: data.totalPages })}
                  page={data.page}
                  totalPages={data.totalPages}
                  onPage={(page) => update({ page: page > 1 ? String(page) : null })}
                />
              </>
            )}
          </>
        )}
      </div>
      <VillageProgramFormDialog
        open={form !== null}
        program={form?.program ?? null}
        today={zonedDay(new Date(), timezone)}
        onClose={() => setForm(null)}
        onSaved={(id) => {
          setForm(null);
          update({ open: String(id) });
        }}
      />
      <VillageProgramDialog
        id={openId}
        onClose={() => update({ open: null })}
        onEdit={(program) => setForm({ program })}
        onRaiseRequest={setRaisingAt}
        onAddTask={setFollowingUp}
        taskStatus={(status) => tApp(`tasks.status.${status as 'Completed'}`)}
        requestHref={(requestId) => `/service?open=${requestId}`}
        requestLabels={{
          category: (category) => tApp(`service.categories.${category as 'other'}`),
          status: (status) => tApp(`service.statuses.${status as 'New'}`),
        }}
      />
      <CreateServiceRequestDialog
        open={raisingAt !== null}
        booths={raisingAt && raisingAt.booths.length > 0 ? raisingAt.booths : BOOTHS}
        staff={staff}
        programId={raisingAt?.id ?? null}
        initialVillage={raisingAt?.village ?? null}
        onClose={() => setRaisingAt(null)}
        onCreated={() => {
          setRaisingAt(null);
          void queryClient.invalidateQueries({ queryKey: ['village-programs'] });
        }}
      />
      {user && (
        <CreateTaskDialog
          open={followingUp !== null}
          currentUser={user}
          programId={followingUp?.id ?? null}
          initial={followUpStart}
          onClose={() => setFollowingUp(null)}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: ['village-programs'] })}
        />
      )}
    </div>
  );
}
