import designationsData from './data/designations.json';
import organisationsData from './data/organisations.json';

// Lists for the staff (User) form, spec section 3. The data lives in JSON beside this
// file so an organisation can edit it without touching code; `value` is what is stored.
export interface ListOption {
  value: string;
  en: string;
  mr: string;
}

// Designations are stored and shown in Devanagari, as the spec asks.
export const DESIGNATIONS: readonly ListOption[] = designationsData;
export const ORGANISATIONS: readonly ListOption[] = organisationsData;
export const DESIGNATION_VALUES = DESIGNATIONS.map((option) => option.value);
export const ORGANISATION_VALUES = ORGANISATIONS.map((option) => option.value);
