import designationsData from './data/designations.json';
import organisationsData from './data/organisations.json';
import type { ListOption } from './list-option';

export type { ListOption } from './list-option';

// Lists for the staff (User) form, spec section 3. The data lives in JSON beside this
// file so an organisation can edit it without touching code; `value` is what is stored.

// Designations are stored in Devanagari, as the spec asks.
export const DESIGNATIONS: readonly ListOption[] = designationsData;
export const ORGANISATIONS: readonly ListOption[] = organisationsData;
export const DESIGNATION_VALUES = DESIGNATIONS.map((option) => option.value);
export const ORGANISATION_VALUES = ORGANISATIONS.map((option) => option.value);
