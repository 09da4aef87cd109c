import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { boothScopeOf, boothsInScope } from '@shared/auth/booth-scope';
import { isAdminRole } from '@shared/auth/roles';
import { surveyText } from '@shared/surveys/survey-answers';
import { PageHeader } from '@web/components/layout/page-header';
import { ListLoading } from '@web/components/ui/list-states';
import { errorMessage } from '@web/lib/api-client';
import { useAppSettings } from '@web/lib/app-settings';
import { useSession } from '@web/lib/session';
import { useSurvey } from '@web/features/surveys/api/get-surveys';
import { SurveyFormDialog } from '@web/features/surveys/components/survey-form-dialog';
import { SurveyOverview } from '@web/features/surveys/components/survey-overview';
import { SurveyResults } from '@web/features/surveys/components/survey-results';
import { useSurveyTranslation } from '@web/features/surveys/survey-texts-loader';

// /surveys/:id (issue 61): a survey as written, the office's buttons, and its results broken
// down as the address says (by, booth, village), for the reader's booths.
export function SurveyPage() {
  const { t, i18n } = useSurveyTranslation();
  const { id } = useParams();
  const surveyId = Number(id);
  const { user } = useSession();
  const { language } = useAppSettings();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const survey = useSurvey(surveyId);
  const [editing, setEditing] = useState(false);
  const office = user !== null && isAdminRole(user.role);
  const params = { by: searchParams.get('by') ?? 'support', booth: searchParams.get('booth') ?? '', village: searchParams.get('village') ?? '' };

  const back = (
    <Link to="/surveys" className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-blue-800">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('back')}
    </Link>
  );
  if (survey.isPending) return <ListLoading label={t('loading')} />;
  if (survey.isError) {
    return (
      <div>
        {back}
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(survey.error, t('fetchFailed'))}
        </p>
      </div>
    );
  }
  const data = survey.data;
  const reachable = user ? boothsInScope(boothScopeOf(user.role, user.booth_access)) : [];
  const booths = data.targets.map((target) => target.booth).filter((booth) => reachable.includes(booth));
  return (
    <div className="space-y-6">
      <div>
        {back}
        <PageHeader title={surveyText(data.title, i18n.language, data.language)} />
        <SurveyOverview survey={data} canManage={office} onEdit={() => setEditing(true)} onDeleted={() => navigate('/surveys', { replace: true })} />
      </div>
      <SurveyResults
        survey={data}
        booths={booths}
        params={params}
        canExport={office}
        onChange={(changes) => {
          const next = new URLSearchParams(searchParams);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          setSearchParams(next, { replace: true });
        }}
      />
      {editing && <SurveyFormDialog key={data.version} survey={data} officeLanguage={language} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
    </div>
  );
}
