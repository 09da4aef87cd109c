import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '@shared/settings/settings-schema';
import { apiRequest } from './api-client';
import { i18n } from './i18n';
import { useSession } from './session';

// The display settings every screen needs (app name, timezone, language), for every role.
export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => apiRequest<PublicSettings>('/settings/public', { signal }),
  staleTime: 5 * 60_000,
});

export function useAppSettings(): PublicSettings {
  const { user } = useSession();
  const { data } = useQuery({ ...publicSettingsQuery, enabled: user !== null });
  return data ?? DEFAULT_PUBLIC_SETTINGS;
}

// The app_name setting becomes the page title, and language the default interface
// language (texts fall back to English until the translations arrive).
export function useApplySettings(settings: PublicSettings, fallbackName: string): string {
  const appName = settings.app_name.trim() || fallbackName;
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  useEffect(() => {
    if (i18n.language !== settings.language) void i18n.changeLanguage(settings.language);
    document.documentElement.lang = settings.language;
  }, [settings.language]);
  return appName;
}
