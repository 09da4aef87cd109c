import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { isAdminRole } from '@shared/auth/roles';
import { SURVEY_STATES } from '@shared/surveys/survey-schema';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { ListEmpty, ListLoading } from '@web/components/ui/list-states';
import { PageNav } from '@web/components/ui/page-nav';
import { errorMessage } from '@web/lib/api-client';
import { useAppSettings } from '@web/lib/app-settings';
import { useSession } from '@web/lib/session';
import { type SurveyListParams, useSurveys } from '@web/features/surveys/api/get-surveys';
import { SurveyFormDialog } from '@web/features/surveys/components/survey-form-dialog';
import { SurveyList } from '@web/features/surveys/components/survey-list';
import { useSurveyTranslation } from '@web/features/surveys/survey-texts-loader';

const TABS = ['all', ...SURVEY_STATES] as const;

// /surveys (issue 61): the office's surveys, by state, with New survey; a Supervisor reads the
// opened surveys of their booths. The state tab and the page live in the address.
export function SurveysPage() {
  const { t } = useSurveyTranslation();
  const { user } = useSession();
  const { language } = useAppSettings();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get('state') ?? '';
  const page = searchParams.get('page') ?? '';
  const params = useMemo(() => {
    const values: SurveyListParams = {};
    if (state) values.state = state;
    if (page) values.page = page;
    return values;
  }, [state, page]);
  const list = useSurveys(params);
  const [creating, setCreating] = useState(false);
  const office = user !== null && isAdminRole(user.role);

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, t('fetchFailed')), { id: 'surveys-fetch-failed' });
  }, [list.isError, list.error, t]);

  const data = list.data;
  return (
    <div>
      <PageHeader title={t('title')}>
        {office && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('newSurvey')}
          </Button>
        )}
      </PageHeader>
      <div role="tablist" aria-label={t('tabs.label')} className="mb-4 flex flex-wrap gap-2">
        {TABS.map((tab) => {
          const selected = (state || 'all') === tab;
          return (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={selected}
              className={`min-h-11 rounded-full px-5 text-sm font-medium ${selected ? 'bg-blue-900 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
              onClick={() => setSearchParams(tab === 'all' ? {} : { state: tab }, { replace: true })}
            >
              {t(`tabs.${tab}`)}
            </button>
          );
        })}
      </div>
      {list.isLoading ? (
        <ListLoading label={t('loading')} />
      ) : !data || data.items.length === 0 ? (
        <ListEmpty title={t('empty')} hint={office ? t('emptyHint') : t('emptyField')} />
      ) : (
        <>
          <SurveyList surveys={data.items} />
          <PageNav
            summary={t('summary', { total: data.total, page: data.page, totalPages: data.totalPages })}
            page={data.page}
            totalPages={data.totalPages}
            onPage={(next) => setSearchParams({ ...(state ? { state } : {}), ...(next > 1 ? { page: String(next) } : {}) }, { replace: true })}
          />
        </>
      )}
      {creating && <SurveyFormDialog survey={null} officeLanguage={language} onClose={() => setCreating(false)} onSaved={(survey) => navigate(`/surveys/${survey.id}`)} />}
    </div>
  );
}
