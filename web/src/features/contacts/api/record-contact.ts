import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactFormValues, RecordedContact } from '@shared/contacts/contact-schema';
import type { Voter } from '@shared/voters/voter-schema';
import { apiRequest } from '@web/lib/api-client';
import { recordContactWithOutbox } from '@web/lib/offline/offline-api';

export interface RecordContactInput {
  voterId: number;
  contact: ContactFormValues;
}

export function recordContact({ voterId, contact }: RecordContactInput): Promise<RecordedContact> {
  // Without a connection a field user's contact waits in the outbox (lib/offline).
  return recordContactWithOutbox(voterId, contact, (idempotencyKey) => apiRequest<RecordedContact>(`/voters/${voterId}/contacts`, { method: 'POST', body: contact, idempotencyKey }));
}

// Saving a contact changes the voter's support: the open voter, the lists and the voter's
// history are brought up to date.
export function useRecordContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordContact,
    onSuccess: (recorded) => {
      queryClient.setQueryData<Voter>(['voters', 'detail', recorded.voter.id], (voter) =>
        voter ? { ...voter, support_level: recorded.voter.support_level, last_contact_at: recorded.voter.last_contact_at } : voter,
      );
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'history', recorded.voter.id] });
      void queryClient.invalidateQueries({ queryKey: ['voter-flags'] });
      // Contacted or not, and the booths' coverage and class (issue 20).
      void queryClient.invalidateQueries({ queryKey: ['my-voters'] });
      void queryClient.invalidateQueries({ queryKey: ['booths'] });
      void queryClient.invalidateQueries({ queryKey: ['analytics', 'coverage'] });
      return queryClient.invalidateQueries({ queryKey: ['voters', 'list'] });
    },
  });
}
