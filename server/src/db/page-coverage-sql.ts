// The kept per-page coverage counts (migration 033, docs/decisions/038-kept-page-coverage-counters.md)
// as SQL text, for the two places outside the triggers that count voters into page_coverage: a
// rebuild (a new page size) and SQLite's bulk insert path (its rows pass the insert trigger by).
// The same definition as the migration's triggers: listed voters (not deleted, not a marked
// duplicate) with a booth and a part serial; active, contacted (active with last_contact_at),
// deceased (is_dead) and shifted (alive, present_in_city = 0).
export const PAGE_COVERAGE_COUNTS = ['active', 'contacted', 'deceased', 'shifted'] as const;

const COUNTED = 'v.deleted_at IS NULL AND v.duplicate_of IS NULL AND v.booth IS NOT NULL AND v.part_serial >= 1';
const VALUES = [
  'sum(CASE WHEN v.is_dead = 0 AND v.present_in_city = 1 THEN 1 ELSE 0 END)',
  'sum(CASE WHEN v.is_dead = 0 AND v.present_in_city = 1 AND v.last_contact_at IS NOT NULL THEN 1 ELSE 0 END)',
  'sum(CASE WHEN v.is_dead = 1 THEN 1 ELSE 0 END)',
  'sum(CASE WHEN v.is_dead = 0 AND v.present_in_city = 0 THEN 1 ELSE 0 END)',
];

// Adds the counts of the voters matching `where` (SQL over alias v, may hold one ? for a
// parameter) to page_coverage, at the kept page size.
export function addPageCoverageSql(where: string): string {
  const columns = PAGE_COVERAGE_COUNTS.join(', ');
  return (
    `INSERT INTO page_coverage (booth, page, ${columns}) ` +
    `SELECT v.booth, (v.part_serial - 1) / s.size + 1, ${VALUES.join(', ')} ` +
    `FROM voters v CROSS JOIN page_coverage_size s WHERE s.id = 1 AND ${COUNTED} AND (${where}) ` +
    `GROUP BY v.booth, (v.part_serial - 1) / s.size + 1 ORDER BY 1, 2 ` +
    `ON CONFLICT (booth, page) DO UPDATE SET ${PAGE_COVERAGE_COUNTS.map((column) => `${column} = page_coverage.${column} + excluded.${column}`).join(', ')}`
  );
}
