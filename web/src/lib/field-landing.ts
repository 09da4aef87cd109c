import type { FieldLanding } from '@shared/settings/public-settings';

// The office's choice of where field workers land (issue 56), kept on the phone beside the
// remembered user: a start knows the home screen to fetch before the settings arrive, and a
// phone opened offline lands where it did last time. It imports nothing heavy (start-early.ts).
const FIELD_LANDING_KEY = 'field-landing';

export function rememberFieldLanding(landing: FieldLanding): void {
  try {
    localStorage.setItem(FIELD_LANDING_KEY, landing);
  } catch {
    // Private mode without storage: the settings are asked for again.
  }
}

export function rememberedFieldLanding(): FieldLanding | undefined {
  try {
    const value = localStorage.getItem(FIELD_LANDING_KEY);
    return value === 'voter-entry' || value === 'own-work' ? value : undefined;
  } catch {
    return undefined;
  }
}
