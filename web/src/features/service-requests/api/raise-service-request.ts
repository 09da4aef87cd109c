import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestDetail } from '@shared/service-requests/service-request-schema';
import { apiRequest } from '@web/lib/api-client';
import { raiseServiceRequestWithOutbox } from '@web/lib/offline/offline-api';

export interface RaiseServiceRequestInput {
  voterId: number;
  // The request form's values (serviceRequestInputSchema's output), the voter's id among them.
  values: Record<string, unknown>;
}

// A request raised from a voter's card (issue 59): without a connection a field user's request
// waits in the outbox (lib/offline) and its receipt number comes once it is sent.
export function raiseServiceRequest({ voterId, values }: RaiseServiceRequestInput): Promise<{ receipt_no: string | null }> {
  return raiseServiceRequestWithOutbox(voterId, values, (idempotencyKey) =>
    apiRequest<ServiceRequestDetail>('/service-requests', { method: 'POST', body: values, idempotencyKey }).then((created) => ({ receipt_no: created.receipt_no })),
  );
}

export function useRaiseServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: raiseServiceRequest, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['service-requests'] }) });
}
