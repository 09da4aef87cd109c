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

export const importResultSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  // Every error counted, though only the first IMPORT_ERROR_DETAILS_MAX are listed.
  errors: z.number().int(),
  errorDetails: z.array(importErrorSchema),
  unknownColumns: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

// Export file name: voters_export_{YYYY-MM-DD}.xlsx (spec section 7).
export function exportFileName(now: Date = new Date()): string {
  return `voters_export_${now.toISOString().slice(0, 10)}.xlsx`;
}
