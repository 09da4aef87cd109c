import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Household, ProposeResult } from '@shared/households/household-schema';
import { apiRequest } from '@web/lib/api-client';

// The household changes, one call each; every one refreshes the households on screen (and the
// voter lists, whose household column may show them).

export function proposeHouseholds(booth: string): Promise<ProposeResult> {
  return apiRequest<ProposeResult>('/households/propose', { method: 'POST', body: { booth } });
}

export function confirmHousehold(input: { id: number; version: number; head_voter_id?: number }): Promise<Household> {
  const { id, ...body } = input;
  return apiRequest<Household>(`/households/${id}/confirm`, { method: 'POST', body });
}

export function splitHousehold(input: { id: number; version: number; voter_ids: number[] }): Promise<{ households: Household[] }> {
  const { id, ...body } = input;
  return apiRequest<{ households: Household[] }>(`/households/${id}/split`, { method: 'POST', body });
}

export function mergeHouseholds(input: { id: number; version: number; other_id: number; other_version: number }): Promise<{ households: Household[] }> {
  const { id, ...body } = input;
  return apiRequest<{ households: Household[] }>(`/households/${id}/merge`, { method: 'POST', body });
}

export function moveVoterToHousehold(input: { id: number; version: number; voter_id: number }): Promise<{ households: Household[] }> {
  const { id, ...body } = input;
  return apiRequest<{ households: Household[] }>(`/households/${id}/members`, { method: 'POST', body });
}

function useHouseholdMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['households'] }) });
}

export const useProposeHouseholds = () => useHouseholdMutation(proposeHouseholds);
export const useConfirmHousehold = () => useHouseholdMutation(confirmHousehold);
export const useSplitHousehold = () => useHouseholdMutation(splitHousehold);
export const useMergeHouseholds = () => useHouseholdMutation(mergeHouseholds);
export const useMoveVoterToHousehold = () => useHouseholdMutation(moveVoterToHousehold);
