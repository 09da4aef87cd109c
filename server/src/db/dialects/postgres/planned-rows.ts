// How many rows PostgreSQL's planner expects a query to return: the top plan node's "Plan Rows"
// in the one row `EXPLAIN (FORMAT JSON)` answers (decision 089). pg hands the json column over
// parsed; as text it is parsed here. Undefined when the answer is not such a plan, so a caller
// falls back to counting.
export function plannedRows(explainRow: unknown): number | undefined {
  if (explainRow === null || typeof explainRow !== 'object') return undefined;
  let plans: unknown = (explainRow as Record<string, unknown>)['QUERY PLAN'];
  if (typeof plans === 'string') {
    try {
      plans = JSON.parse(plans);
    } catch {
      return undefined;
    }
  }
  const first: unknown = Array.isArray(plans) ? plans[0] : undefined;
  const plan: unknown = first !== null && typeof first === 'object' ? (first as Record<string, unknown>).Plan : undefined;
  const rows: unknown = plan !== null && typeof plan === 'object' ? (plan as Record<string, unknown>)['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) && rows >= 0 ? rows : undefined;
}
