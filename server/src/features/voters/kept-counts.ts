import type { Executor } from '../../db/dialects/database-dialect';

// Reads the trigger-kept counts of listed voters (migrations 006, 024, 041; exact under every
// write) by value: the overall totals when no place is given, the per-taluka counts for a taluka
// alone, otherwise the per-place rows that match every place given (and the user's booths).
// Analytics and the voter list's totals both read them here.
export type KeptDimension = 'status' | 'gender' | 'age_group' | 'ward_area' | 'caste' | 'political_preference' | 'caste_preference';

export interface KeptPlaces {
  taluka?: string;
  village?: string;
  booth?: string;
  booths?: readonly string[];
}

export interface KeptCountRow {
  value1: string;
  value2: string;
  count: number;
}

export async function keptDimensionCounts(db: Executor, dimension: KeptDimension, places: KeptPlaces): Promise<KeptCountRow[]> {
  const toRows = (rows: { value1: string; value2: string; count: number | string }[]) => rows.map((row) => ({ ...row, count: Number(row.count) })).filter((row) => row.count > 0);
  if (places.booths?.length === 0) return [];
  const located = places.village || places.booth || places.booths;
  if (!located && !places.taluka) {
    return toRows(await db.selectFrom('voter_stats_totals').select(['value1', 'value2', 'count']).where('dimension', '=', dimension).where('count', '>', 0).execute());
  }
  if (!located && places.taluka) {
    return toRows(
      await db.selectFrom('voter_stats_taluka').select(['value1', 'value2', 'count']).where('dimension', '=', dimension).where('taluka', '=', places.taluka).where('count', '>', 0).execute(),
    );
  }
  let query = db
    .selectFrom('voter_stats')
    .select(['value1', 'value2', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('dimension', '=', dimension)
    .where('count', '>', 0);
  if (places.taluka) query = query.where('taluka', '=', places.taluka);
  if (places.village) query = query.where('village', '=', places.village);
  if (places.booth) query = query.where('booth', '=', places.booth);
  if (places.booths) query = query.where('booth', 'in', [...places.booths]);
  return toRows(await query.groupBy(['value1', 'value2']).execute());
}
