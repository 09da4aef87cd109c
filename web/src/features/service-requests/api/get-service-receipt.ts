import { useQuery } from '@tanstack/react-query';
import type { ServiceReceipt } from '@shared/service-requests/service-attachment-schema';
import { apiRequest } from '@web/lib/api-client';

// The citizen's receipt: facts, SMS/WhatsApp text and wa.me link, in the citizen's language.
export function useServiceReceipt(id: number, version: number) {
  return useQuery({
    queryKey: ['service-requests', 'receipt', id, version],
    queryFn: () => apiRequest<ServiceReceipt>(`/service-requests/${id}/receipt`),
  });
}
