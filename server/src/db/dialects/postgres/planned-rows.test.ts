import { describe, expect, it } from 'vitest';
import { plannedRows } from './planned-rows';

// What `EXPLAIN (FORMAT JSON) SELECT voters.id FROM voters WHERE <a name search>` answered on
// PostgreSQL 15 (the voters' list at a million voters), trimmed to the fields that matter.
const BITMAP_PLAN = {
  'QUERY PLAN': [
    {
      Plan: {
        'Node Type': 'Bitmap Heap Scan',
        'Relation Name': 'voters',
        'Startup Cost': 262.3,
        'Total Cost': 80133.91,
        'Plan Rows': 25031,
        'Plan Width': 4,
        Plans: [{ 'Node Type': 'Bitmap Index Scan', 'Index Name': 'voters_full_name_terms_tsv', 'Plan Rows': 25079 }],
      },
    },
  ],
};

describe('plannedRows', () => {
  it('should read the top plan node rows when pg hands the plan over parsed', () => {
    expect(plannedRows(BITMAP_PLAN)).toBe(25031);
  });

  it('should read the top plan node rows when the plan comes as JSON text', () => {
    expect(plannedRows({ 'QUERY PLAN': JSON.stringify(BITMAP_PLAN['QUERY PLAN']) })).toBe(25031);
  });

  it('should read a plan of no rows as zero', () => {
    expect(plannedRows({ 'QUERY PLAN': [{ Plan: { 'Node Type': 'Result', 'Plan Rows': 0, 'One-Time Filter': 'false' } }] })).toBe(0);
  });

  it('should give undefined when the answer is not a plan with its rows', () => {
    for (const row of [
      undefined,
      null,
      'Seq Scan on voters',
      {},
      { 'QUERY PLAN': 'not json' },
      { 'QUERY PLAN': [] },
      { 'QUERY PLAN': [null] },
      { 'QUERY PLAN': [{ Plan: null }] },
      { 'QUERY PLAN': [{ Plan: { 'Plan Rows': '25031' } }] },
      { 'QUERY PLAN': [{ Plan: { 'Plan Rows': -1 } }] },
      { 'QUERY PLAN': [{ Plan: { 'Plan Rows': Number.NaN } }] },
      // Text format: one row per plan line, no JSON.
      { 'QUERY PLAN': 'Bitmap Heap Scan on voters  (cost=262.30..80133.91 rows=25031 width=4)' },
    ]) {
      expect(plannedRows(row), JSON.stringify(row)).toBeUndefined();
    }
  });
});
