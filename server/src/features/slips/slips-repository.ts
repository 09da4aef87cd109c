import type { Slip } from '@shared/slips/slip-schema';
import type { Settings } from '@shared/settings/settings-schema';
import { serialRangeOf } from '@shared/booths/roll-pages';
import type { Executor } from '../../db/dialects/database-dialect';

// What a slip needs of a voter and of their booth's polling station, read in one statement.
// Every read keeps to listed voters (not deleted, not marked duplicate).

const SLIP_COLUMNS = [
  'voters.id',
  'voters.full_name',
  'voters.father_husband_name',
  'voters.relation_type',
  'voters.voter_id',
  'voters.part_serial',
  'voters.mobile_number',
  'voters.whatsapp_number',
  'voters.booth',
  'booths.part_number',
  'booths.polling_station_number',
  'booths.polling_station_name',
  'booths.polling_station_address',
] as const;

export interface SlipRow {
  id: number;
  full_name: string;
  father_husband_name: string | null;
  relation_type: string | null;
  voter_id: string | null;
  part_serial: number | null;
  mobile_number: string | null;
  whatsapp_number: string | null;
  booth: string | null;
  part_number: number | null;
  polling_station_number: number | null;
  polling_station_name: string | null;
  polling_station_address: string | null;
}

function slipRows(db: Executor) {
  return db
    .selectFrom('voters')
    .leftJoin('booths', 'booths.label', 'voters.booth')
    .select(SLIP_COLUMNS)
    .where('voters.deleted_at', 'is', null)
    .where('voters.duplicate_of', 'is', null);
}

// Roll order: by part serial, the voters without one after, then by id (the same on both
// databases, which order NULLs differently).
export function inRollOrder(rows: SlipRow[]): SlipRow[] {
  return rows.sort((a, b) => {
    if (a.part_serial !== b.part_serial) {
      if (a.part_serial === null) return 1;
      if (b.part_serial === null) return -1;
      return a.part_serial - b.part_serial;
    }
    return a.id - b.id;
  });
}

export async function slipRowsOfVoters(db: Executor, ids: readonly number[]): Promise<SlipRow[]> {
  if (ids.length === 0) return [];
  return inRollOrder((await slipRows(db).where('voters.id', 'in', [...ids]).execute()) as SlipRow[]);
}

export async function slipRowsOfHousehold(db: Executor, householdId: number, limit: number): Promise<SlipRow[]> {
  return inRollOrder((await slipRows(db).where('voters.household_id', '=', householdId).limit(limit).execute()) as SlipRow[]);
}

// A booth's voters (the (booth, part_serial) index), or one roll page of them.
export async function slipRowsOfBooth(db: Executor, label: string, options: { page?: number; pageSize: number; limit: number }): Promise<SlipRow[]> {
  let query = slipRows(db).where('voters.booth', '=', label);
  if (options.page !== undefined) {
    const { from, to } = serialRangeOf(options.page, options.pageSize);
    query = query.where('voters.part_serial', '>=', from).where('voters.part_serial', '<=', to);
  }
  return inRollOrder((await query.limit(options.limit).execute()) as SlipRow[]);
}

export function toSlip(row: SlipRow, settings: Pick<Settings, 'election_name' | 'poll_date' | 'poll_start' | 'poll_end'>): Slip {
  return {
    name: row.full_name,
    relative_name: row.father_husband_name,
    relation_type: row.relation_type,
    epic: row.voter_id,
    part_number: row.part_number,
    serial: row.part_serial,
    station_number: row.polling_station_number,
    station_name: row.polling_station_name,
    station_address: row.polling_station_address,
    election_name: settings.election_name,
    poll_date: settings.poll_date,
    poll_start: settings.poll_start,
    poll_end: settings.poll_end,
  };
}
