// Voter availability (issue 61, docs/decisions/086-voter-availability.md): what a worker in the
// field reports on a voter and the office confirms, without zod (the phone's first screens read
// these; the schemas are in availability-schema.ts).
//
// A report is a row of voter_flags (migration 023, widened by 063): a contact's "deceased" or
// "moved away" outcome raises one, and a worker reports any of the five kinds from a voter's card.
//   deceased      → is_dead (the seed's field stays the stored truth)
//   moved_away    → present_in_city off: shifted for good (स्थलांतरित)
//   out_of_town   → present_in_city off: away for now, may come back to vote
//   not_found     → is_missing (बेपत्ता): nobody by that name at the address
//   double_entry  → the voter becomes the duplicate of another entry (duplicates, voter-lifecycle)
export const VOTER_FLAG_KINDS = ['deceased', 'moved_away', 'out_of_town', 'not_found', 'double_entry'] as const;
export type VoterFlagKind = (typeof VOTER_FLAG_KINDS)[number];
export const VOTER_FLAG_STATUSES = ['pending', 'confirmed', 'dismissed'] as const;
export type VoterFlagStatus = (typeof VOTER_FLAG_STATUSES)[number];

// Both take the voter out of the city (present_in_city off); which of them, the latest
// confirmed report says. A voter unticked on the form with no report is shifted.
export const AWAY_KINDS = ['moved_away', 'out_of_town'] as const satisfies readonly VoterFlagKind[];
export type AwayKind = (typeof AWAY_KINDS)[number];

// A voter's availability as the chase lists and slips read it (null: available as far as known).
// Deceased first, then away, then not found, when several hold.
export const AVAILABILITIES = ['deceased', 'moved_away', 'out_of_town', 'not_found'] as const satisfies readonly VoterFlagKind[];
export type Availability = (typeof AVAILABILITIES)[number];

export const FLAG_REASON_MAX = 500;
export const FLAG_NOTE_MAX = 500;
