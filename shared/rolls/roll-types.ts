// Issue 19: what the electoral-roll reader finds in a roll PDF. The reader (server/src/features/
// rolls/reader) produces these; the roll import (jobs, review, commit, revisions) and the
// `npm run roll` command consume them. Names keep the roll's script, in Unicode NFC.

export const ROLL_RELATIONS = ['father', 'husband', 'mother', 'other'] as const;
export type RollRelation = (typeof ROLL_RELATIONS)[number];

export const ROLL_GENDERS = ['Male', 'Female', 'Third'] as const;
export type RollGender = (typeof ROLL_GENDERS)[number];

// The fields of a voter box that carry their own confidence (0 to 1).
export const ROLL_BOX_FIELDS = ['serialNo', 'epic', 'fullName', 'relation', 'relativeName', 'houseNo', 'age', 'gender'] as const;
export type RollBoxField = (typeof ROLL_BOX_FIELDS)[number];

// Below this a field (and its row) is flagged for review.
export const ROLL_REVIEW_CONFIDENCE = 0.8;

// The most pages one roll may have (issue 54, decision 059): twice the largest roll seen (256
// pages, a ward list), some 15,000 voters at 30 a page. A file of 3,000 blank pages held a reader
// for 40 minutes with other rolls waiting behind it; a larger list is imported in parts.
export const ROLL_MAX_PAGES = 500;

// A rectangle on a page in PDF points from the page's top-left corner (for cropping).
export interface RollRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

// Why a box needs a person's eye: a field's reading is uncertain, the EPIC check digit fails,
// the age is out of range, ...
export interface RollReviewReason {
  field: RollBoxField | 'box';
  reason: 'low-confidence' | 'epic-check-digit' | 'epic-format' | 'age-out-of-range' | 'missing' | 'other';
}

export interface RollVoterBox {
  page: number; // 1-based page of the PDF
  rect: RollRect; // the whole box
  partNo: number | null;
  serialNo: number | null;
  section: string | null; // the section number or name printed above the boxes
  epic: string | null; // as printed: ABC1234567, or older forms such as GJ/03/024/153014
  fullName: string | null;
  relation: RollRelation | null;
  relativeName: string | null;
  houseNo: string | null;
  age: number | null;
  gender: RollGender | null;
  deleted: boolean; // the roll's deletion mark
  duplicateMark: boolean; // the roll's possible-duplicate-name mark (**)
  confidence: Record<RollBoxField, number>;
  review: RollReviewReason[];
  // The box's photo, where the roll prints one, as JPEG bytes (stored like a voter photo).
  photo: Uint8Array | null;
}

export interface RollSection {
  number: string;
  name: string;
}

export interface RollCoverFacts {
  page: number;
  constituency: string | null; // e.g. "4 - Mandrem" or "10 - Chopda"
  partNo: number | null;
  pollingStationNumber: number | null;
  pollingStationName: string | null;
  pollingStationAddress: string | null;
  village: string | null;
  taluka: string | null;
  district: string | null;
  pin: string | null;
  sections: RollSection[];
  // The printed totals, which the import checks its own count against.
  totals: { male: number | null; female: number | null; third: number | null; total: number | null };
}

export type RollPageKind = 'cover' | 'voters' | 'other';

export interface RollPageResult {
  page: number;
  kind: RollPageKind;
  method: 'text' | 'ocr' | 'none'; // how the page was read
  cover: RollCoverFacts | null;
  voters: RollVoterBox[];
}
