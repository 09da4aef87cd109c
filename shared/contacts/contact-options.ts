import type { VoterFlagKind } from '../availability/availability-options';

// Contacts with voters and the support they show (issue 20, docs/decisions/026-contacts-and-support.md):
// the lists and limits, without zod (the schemas are in contact-schema.ts, which re-exports these).

// How the worker reached the voter.
export const CONTACT_CHANNELS = ['visit', 'call', 'whatsapp', 'meeting'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

// The five outcomes that say where the voter stands, strongest first: the voter's support level
// is the latest of these. The other three say nothing about support.
export const SUPPORT_LEVELS = ['strong_supporter', 'leaning_supporter', 'undecided', 'leaning_away', 'opposed'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];
export const CONTACT_OUTCOMES = [...SUPPORT_LEVELS, 'not_at_home', 'moved_away', 'deceased'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

export function isSupportLevel(outcome: string): outcome is SupportLevel {
  return (SUPPORT_LEVELS as readonly string[]).includes(outcome);
}

// Outcomes an office role must confirm before the voter changes: the report each raises (the
// reports themselves, and the other kinds a worker reports from the card: shared/availability).
export { VOTER_FLAG_KINDS, type VoterFlagKind, VOTER_FLAG_STATUSES, type VoterFlagStatus } from '../availability/availability-options';
export const FLAG_OF_OUTCOME: Partial<Record<ContactOutcome, Extract<VoterFlagKind, 'deceased' | 'moved_away'>>> = { deceased: 'deceased', moved_away: 'moved_away' };

// The voter's state on the roll, as the field filters it (मयत, स्थलांतरित, बेपत्ता): deceased is
// is_dead, shifted is present_in_city = false, missing is is_missing; active is none of the three.
export const VOTER_STATUS_FILTERS = ['deceased', 'shifted', 'missing', 'active'] as const;
export type VoterStatusFilter = (typeof VOTER_STATUS_FILTERS)[number];
// The support filter: a level, or `unknown` for voters with none recorded yet.
export const SUPPORT_FILTERS = [...SUPPORT_LEVELS, 'unknown'] as const;

export const CONTACT_NOTE_MAX = 500;
export const CONTACT_ISSUES_MAX = 20;
