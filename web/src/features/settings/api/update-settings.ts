import { useMutation } from '@tanstack/react-query';
import type { SettingsUpdate, VersionedSettings } from '@shared/settings/settings-schema';
import { apiRequest } from '@web/lib/api-client';

// Spec section 7: PUT /settings with the whole settings object, and the version the page loaded.
export function updateSettings(settings: SettingsUpdate): Promise<VersionedSettings> {
  return apiRequest<VersionedSettings>('/settings', { method: 'PUT', body: settings });
}

export function useUpdateSettings() {
  return useMutation({ mutationFn: updateSettings });
}
