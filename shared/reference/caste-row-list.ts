import castesData from './data/castes.json';
import type { ListOption } from './list-option';

// The castes as a voter's row names them (row-lists.ts says why they are apart).
export const CASTE_ROW_LIST: readonly ListOption[] = castesData;
