import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { voterInTargets, surveyText } from '@shared/surveys/survey-answers';
import type { MySurveys, SurveyDefinition } from '@shared/surveys/survey-schema';
import { useMySurveys } from '../api/get-my-surveys';
import { useSurveyTranslation } from '../survey-texts-loader';
import { type SheetVoter, SurveySheet } from './survey-sheet';

// The survey buttons of a Karyakarta's My voters (issue 61): a household's (surveys asked of each
// household) and a voter's (surveys asked of each voter). Loaded after the screen is up (its
// first download stays as it was); the open surveys and the versions of the answers given come
// from the server, or from the phone's copy without a connection.

interface CardVoter {
  id: number;
  full_name: string;
  booth: string | null;
  part_serial: number | null;
}

type State = 'answered' | 'queued' | 'open';

function versionsOf(mine: MySurveys, surveyId: number): Map<number, number> {
  return new Map(mine.known.filter(([survey]) => survey === surveyId).map(([, voter, version]) => [voter, version]));
}

function SurveyButton({ survey, voters, household, known }: { survey: SurveyDefinition; voters: CardVoter[]; household: { house_no: string | null } | null; known: Map<number, number> }) {
  const { t, i18n } = useSurveyTranslation();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<State | null>(null);
  const title = surveyText(survey.title, i18n.language, survey.language);
  const state: State = saved ?? (voters.every((voter) => known.has(voter.id)) ? 'answered' : 'open');
  const sheetVoters: SheetVoter[] = voters.map((voter) => ({ ...voter, version: known.get(voter.id) ?? null }));
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-2 flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-left text-sm font-medium text-blue-900 hover:bg-blue-100"
        data-testid="survey-button"
      >
        <span className="inline-flex items-center gap-2">
          <ClipboardCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
          {t('take.button', { title })}
        </span>
        <span
          data-testid="survey-state"
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${state === 'answered' ? 'bg-green-100 text-green-800' : state === 'queued' ? 'bg-amber-100 text-amber-900' : 'bg-white text-slate-600'}`}
        >
          {state === 'answered' ? t('take.answered') : state === 'queued' ? t('take.queued') : t('take.notAnswered')}
        </span>
      </button>
      {open && (
        <SurveySheet
          survey={survey}
          voters={sheetVoters}
          household={household}
          onClose={() => setOpen(false)}
          onSaved={(queued) => {
            setSaved(queued ? 'queued' : 'answered');
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

// A household's surveys: asked of its members the survey reaches (their booth and pages). A group
// of voters with neither a household record nor a house number is no household to answer for.
export function HouseholdSurveyButtons({ household }: { household: { house_no: string | null; household_id: number | null; voters: CardVoter[] } }) {
  const mine = useMySurveys();
  if (!mine.data || (household.household_id === null && !household.house_no)) return null;
  const data = mine.data;
  const asked = data.surveys
    .filter((survey) => survey.unit === 'household')
    .map((survey) => ({ survey, members: household.voters.filter((voter) => voterInTargets(survey.targets, voter.booth, voter.part_serial, data.page_size)) }))
    .filter(({ members }) => members.length > 0);
  if (asked.length === 0) return null;
  return (
    <div className="border-t border-slate-100 px-4 pb-3" data-testid="household-surveys">
      {asked.map(({ survey, members }) => (
        <SurveyButton key={survey.id} survey={survey} voters={members} household={{ house_no: household.house_no }} known={versionsOf(data, survey.id)} />
      ))}
    </div>
  );
}

// A voter's surveys: those asked of each voter that reach them.
export function VoterSurveyButtons({ voter }: { voter: CardVoter }) {
  const mine = useMySurveys();
  if (!mine.data) return null;
  const data = mine.data;
  return (
    <>
      {data.surveys
        .filter((survey) => survey.unit === 'voter' && voterInTargets(survey.targets, voter.booth, voter.part_serial, data.page_size))
        .map((survey) => (
          <SurveyButton key={survey.id} survey={survey} voters={[voter]} household={null} known={versionsOf(data, survey.id)} />
        ))}
    </>
  );
}
