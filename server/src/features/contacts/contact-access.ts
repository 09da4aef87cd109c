import type { UserRow } from '../../db/schema';
import type { BoothScope } from '../voters/voter-filters';
import { boothScopeFor } from '../voters/voter-access';

// Which voters a user may record contacts on and read the history of: every voter their booth
// access reaches (docs/decisions/026-contacts-and-support.md). A Karyakarta's page assignment
// decides which voters their "My voters" screen lists, never what they may record: a worker who
// meets a neighbour of their page at a meeting records that contact too, and every contact is
// audited under their name. One function, so the rule is changed in one place if the office
// wants it narrower.
export function contactScopeFor(user: UserRow): BoothScope {
  return boothScopeFor(user);
}
