import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { homePathFor, isAdminRole } from '@shared/auth/roles';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '@shared/settings/public-settings';
import { apiRequest } from './api-client';
import { rememberedFieldLanding, rememberFieldLanding } from './field-landing';
import { rememberedLanguage } from './language-files';
import { applyLanguage } from './language';
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

// Where the signed-in user lands: the office on the dashboard; field workers where the office
// chose (issue 56), as last known on this phone until the settings arrive. null while unknown
// (a first sign-in on this phone, the settings on their way) and when nobody is signed in.
export function useHomePath(): string | null {
  const { user } = useSession();
  const fieldRole = user !== null && !isAdminRole(user.role);
  const { data, isError } = useQuery({ ...publicSettingsQuery, enabled: fieldRole });
  const landing = data?.field_landing;
  useEffect(() => {
    if (landing) rememberFieldLanding(landing);
  }, [landing]);
  if (!user) return null;
  if (!fieldRole) return homePathFor(user.role);
  const known = landing ?? rememberedFieldLanding();
  if (known) return homePathFor(user.role, known);
  return isError ? homePathFor(user.role) : null;
}

// The app_name setting becomes the page title. Left at its default (or empty), the name is said in
// the interface language (`fallbackName`): "Voter Management" stayed English on Marathi screens.
export function useApplySettings(settings: PublicSettings, fallbackName: string): string {
  const chosen = settings.app_name.trim();
  const appName = chosen === '' || chosen === DEFAULT_PUBLIC_SETTINGS.app_name ? fallbackName : chosen;
  useEffect(() => {
    document.title = appName;
  }, [appName]);
  return appName;
}

// The interface language once signed in: the user's own choice, else the Language setting
// (issue 18). Until the setting has loaded, a user without a choice keeps what the device
// showed last rather than flashing English.
export function useApplyLanguage(): void {
  const { user } = useSession();
  const { data } = useQuery({ ...publicSettingsQuery, enabled: user !== null });
  const language = user?.language ?? data?.language;
  useEffect(() => {
    if (language) applyLanguage(language);
  }, [language]);
}

// The sign-in page before anyone is known: the language this device showed last, else the
// Language setting (GET /api/settings/language, public).
export function useSignInLanguage(): void {
  const remembered = rememberedLanguage();
  const { data } = useQuery({
    queryKey: ['settings', 'language'],
    queryFn: ({ signal }) => apiRequest<Pick<PublicSettings, 'language'>>('/settings/language', { signal }),
    enabled: remembered === null,
    staleTime: 5 * 60_000,
  });
  const language = data?.language;
  useEffect(() => {
    // A choice made on the page meanwhile wins over the default arriving late.
    if (language && rememberedLanguage() === null) applyLanguage(language);
  }, [language]);
}
