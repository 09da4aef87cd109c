import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_FIELD, type ServiceAttachment } from '@shared/service-requests/service-attachment-schema';
import { apiRequest, getStoredToken } from '@web/lib/api-client';

// A request's attachments (issue 59, decision 077): listed, uploaded as a multipart form,
// fetched with the Bearer token (an <img src> or a link cannot send it) and removed by the office.
const attachmentsKey = (id: number) => ['service-requests', 'attachments', id] as const;

export function useServiceAttachments(id: number) {
  return useQuery({
    queryKey: attachmentsKey(id),
    queryFn: () => apiRequest<{ items: ServiceAttachment[] }>(`/service-requests/${id}/attachments`).then((answer) => answer.items),
  });
}

export function useUploadServiceAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(ATTACHMENT_FIELD, file);
      return apiRequest<ServiceAttachment>(`/service-requests/${id}/attachments`, { method: 'POST', body: form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(id) }),
  });
}

export function useDeleteServiceAttachment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) => apiRequest<{ message: string }>(`/service-requests/${id}/attachments/${attachmentId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(id) }),
  });
}

export async function getAttachmentBlob(id: number, attachmentId: number, size: 'full' | 'thumb', signal?: AbortSignal): Promise<Blob> {
  const token = getStoredToken();
  const response = await fetch(`/api/service-requests/${id}/attachments/${attachmentId}?size=${size}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(`attachment ${response.status}`);
  return response.blob();
}
