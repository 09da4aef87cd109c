import type { TFunction } from 'i18next';
import { CONTACT_CHANNELS, type ContactChannel, type SupportLevel } from '@shared/contacts/contact-options';
import type { BadgeColor } from '@web/components/ui/badge';

// The default issues (shared/contacts/contact-issues.ts) have texts in every language; an issue
// the office added shows as they wrote it.
const DEFAULT_ISSUE_KEYS: Record<string, 'water' | 'roads' | 'rationCard' | 'pension' | 'employment' | 'health' | 'education' | 'electricity'> = {
  Water: 'water',
  Roads: 'roads',
  'Ration card': 'rationCard',
  Pension: 'pension',
  Employment: 'employment',
  Health: 'health',
  Education: 'education',
  Electricity: 'electricity',
};

export function issueLabel(t: TFunction, issue: string): string {
  const key = DEFAULT_ISSUE_KEYS[issue];
  return key ? t(`contacts.issueNames.${key}`) : issue;
}

// Strong support green through opposition red; the text always names the level too.
export const SUPPORT_COLORS: Record<SupportLevel, BadgeColor> = {
  strong_supporter: 'green',
  leaning_supporter: 'teal',
  undecided: 'gray',
  leaning_away: 'orange',
  opposed: 'red',
};

// The channel a worker used last on this device: most of a day's contacts go the same way.
const LAST_CHANNEL_KEY = 'contacts.lastChannel';

export function lastChannel(): ContactChannel {
  try {
    const stored = localStorage.getItem(LAST_CHANNEL_KEY);
    return (CONTACT_CHANNELS as readonly string[]).includes(stored ?? '') ? (stored as ContactChannel) : 'visit';
  } catch {
    return 'visit';
  }
}

export function rememberChannel(channel: ContactChannel): void {
  try {
    localStorage.setItem(LAST_CHANNEL_KEY, channel);
  } catch {
    // A browser that keeps nothing starts from a visit next time.
  }
}
