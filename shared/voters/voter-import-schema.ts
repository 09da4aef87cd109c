import { z } from 'zod';

// POST /api/voters/import (spec section 7, issue 5).
export const IMPORT_ERROR_DETAILS_MAX = 1000;
export const IMPORT_ROWS_MAX = 1_000_000;
export const IMPORT_DEFAULT_MAX_MB = 250;
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_ACCEPT = '.xlsx,.xls,.csv';

export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

// A value the import could not place in its list: the row is saved, the field left empty or
// saved as the list's "Other" (savedAs), and the user told which value it was.
export const IMPORT_WARNING_DETAILS_MAX = 1000;
// Why a value was not placed as it stands (issue 56: the screen said "matched nothing in its list"
// of a village that is in the list, of another taluka). `of`: the caste or taluka it was checked
// against; `belongsTo`: the talukas the village is in.
export const IMPORT_WARNING_REASONS = ['not_in_list', 'not_yes_no', 'sub_caste_without_caste', 'not_sub_caste_of', 'village_of_another_taluka'] as const;
export type ImportWarningReason = (typeof IMPORT_WARNING_REASONS)[number];
export const importWarningSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
  savedAs: z.string().nullable(),
  message: z.string(),
  reason: z.enum(IMPORT_WARNING_REASONS),
  of: z.string().nullable(),
  belongsTo: z.array(z.string()),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

export const importResultSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  // Every error counted, though only the first IMPORT_ERROR_DETAILS_MAX are listed.
  errors: z.number().int(),
  errorDetails: z.array(importErrorSchema),
  // Every warning of a saved row counted, the first IMPORT_WARNING_DETAILS_MAX listed.
  warnings: z.number().int(),
  warningDetails: z.array(importWarningSchema),
  unknownColumns: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// Export file name: voters_export_{YYYY-MM-DD}.xlsx (spec section 7).
export function exportFileName(now: Date = new Date()): string {
  return `voters_export_${now.toISOString().slice(0, 10)}.xlsx`;
}
