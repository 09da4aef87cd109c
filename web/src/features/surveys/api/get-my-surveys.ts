import { useQuery } from '@tanstack/react-query';
import type { MySurveys, VoterSurveys } from '@shared/surveys/survey-schema';
import { voterInTargets } from '@shared/surveys/survey-answers';
import { apiRequest, isNetworkError } from '@web/lib/api-client';
import { keepsOfflineCopy, loadOfflineCopy, offlineUser, readWithCopy, whenIdle } from '@web/lib/offline/offline-api';
import { rememberedUser } from '@web/lib/remembered-user';

// A field worker's open surveys (their booths), the roll page size and the versions of the
// answers already given there. Kept on the phone (sealed) once the screen is up, and read back
// without a connection: the surveys are answered offline too.
export function getMySurveys(signal?: AbortSignal): Promise<MySurveys> {
  return readWithCopy(
    async () => {
      const answer = await apiRequest<MySurveys>('/surveys/mine', { signal });
      if (offlineUser() !== null || keepsOfflineCopy(rememberedUser())) whenIdle(() => void loadOfflineCopy().then((copy) => copy.keepMySurveys(answer), () => undefined));
      return answer;
    },
    (copy) => copy.mySurveysFromCopy<MySurveys>(),
  );
}

export function useMySurveys(enabled = true) {
  return useQuery({ queryKey: ['surveys', 'mine'], queryFn: ({ signal }) => getMySurveys(signal), enabled });
}

// A voter's card: their answers, and the open surveys asked of them. Without a connection, the
// open surveys of the phone's copy that reach the voter (their answers need the server).
export async function getVoterSurveys(voter: { id: number; booth: string | null; part_serial: number | null }, signal?: AbortSignal): Promise<VoterSurveys & { offline: boolean }> {
  try {
    return { ...(await apiRequest<VoterSurveys>(`/voters/${voter.id}/surveys`, { signal })), offline: false };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const copy = await loadOfflineCopy();
    const mine = await copy.mySurveysFromCopy<MySurveys>();
    if (!mine) throw error;
    return { answered: [], open: mine.surveys.filter((survey) => voterInTargets(survey.targets, voter.booth, voter.part_serial, mine.page_size)), offline: true };
  }
}

export function useVoterSurveys(voter: { id: number; booth: string | null; part_serial: number | null }) {
  return useQuery({ queryKey: ['surveys', 'voter', voter.id], queryFn: ({ signal }) => getVoterSurveys(voter, signal), retry: false });
}
