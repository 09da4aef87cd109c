import { useMutation } from '@tanstack/react-query';
import type { Settings } from '@shared/settings/settings-schema';
import { apiRequest } from '@web/lib/api-client';

// Spec section 7: PUT /settings with the whole settings object.
export function updateSettings(settings: Settings): Promise<Settings> {
  return apiRequest<Settings>('/settings', { method: 'PUT', body: settings });
}

export function useUpdateSettings() {
  return useMutation({ mutationFn: updateSettings });
}
