import type { Slip } from '@shared/slips/slip-schema';
import type { Settings } from '@shared/settings/settings-schema';
import { serialRangeOf } from '@shared/booths/roll-pages';
import type { Executor } from '../../db/dialects/database-dialect';
import { signSlipToken } from './slip-tokens';
import { availabilityOf } from '../availability/availability-repository';

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
  'voters.is_dead',
  'voters.present_in_city',
  'voters.is_missing',
  'booths.part_number',
  'booths.polling_station_number',
  'booths.polling_station_name',
  'booths.polling_station_address',
  // The slip's generation for its QR code (migration 062): none yet is generation 0.
  'voter_slip_codes.generation as slip_generation',
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
  is_dead: number;
  present_in_city: number;
  is_missing: number;
  part_number: number | null;
  polling_station_number: number | null;
  polling_station_name: string | null;
  polling_station_address: string | null;
  slip_generation: number | null;
}

function slipRows(db: Executor) {
  return db
    .selectFrom('voters')
    .leftJoin('booths', 'booths.label', 'voters.booth')
    .leftJoin('voter_slip_codes', 'voter_slip_codes.voter_id', 'voters.id')
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

// Serials read per statement: better-sqlite3 reads on the event loop, and a 4,500-voter booth
// read at once held it for tens of milliseconds; a range of 500 serials is one short index range.
const SERIALS_PER_READ = 500;

// A booth's voters (the (booth, part_serial) index), or one roll page of them: serial range by
// serial range, other requests running between, then the voters without a serial.
export async function slipRowsOfBooth(db: Executor, label: string, options: { page?: number; pageSize: number; limit: number }): Promise<SlipRow[]> {
  const booth = () => slipRows(db).where('voters.booth', '=', label);
  const bounds = await db
    .selectFrom('voters')
    .select((eb) => [eb.fn.min('part_serial').as('low'), eb.fn.max('part_serial').as('high')])
    .where('booth', '=', label)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  let low = bounds?.low === null || bounds?.low === undefined ? null : Number(bounds.low);
  let high = bounds?.high === null || bounds?.high === undefined ? null : Number(bounds.high);
  if (options.page !== undefined) {
    const { from, to } = serialRangeOf(options.page, options.pageSize);
    low = low === null ? null : Math.max(low, from);
    high = high === null ? null : Math.min(high, to);
  }
  const rows: SlipRow[] = [];
  if (low !== null && high !== null) {
    for (let from = low; from <= high && rows.length < options.limit; from += SERIALS_PER_READ) {
      const to = Math.min(high, from + SERIALS_PER_READ - 1);
      const chunk = (await booth().where('voters.part_serial', '>=', from).where('voters.part_serial', '<=', to).limit(options.limit - rows.length).execute()) as SlipRow[];
      rows.push(...inRollOrder(chunk));
      if (from + SERIALS_PER_READ <= high) await new Promise((resolve) => setImmediate(resolve));
    }
  }
  // A roll page is a range of serials: voters without one are on none.
  if (options.page === undefined && rows.length < options.limit) {
    rows.push(...inRollOrder((await booth().where('voters.part_serial', 'is', null).limit(options.limit - rows.length).execute()) as SlipRow[]));
  }
  return rows;
}

// Issue 61: no slip for a deceased voter (how many were left out is said), and a note on the slip
// of one out of town (the latest confirmed report; features/availability).
export async function printableSlips(db: Executor, rows: readonly SlipRow[], settings: SlipSettings, codeKey: Buffer): Promise<{ slips: (Slip & { mobile: string | null })[]; deceased: number }> {
  const availability = await availabilityOf(db, rows);
  const living = rows.filter((row) => availability.get(row.id) !== 'deceased');
  return {
    slips: living.map((row) => ({ ...toSlip(row, settings, codeKey, availability.get(row.id) === 'out_of_town'), mobile: row.whatsapp_number || row.mobile_number || null })),
    deceased: rows.length - living.length,
  };
}

type SlipSettings = Pick<Settings, 'election_name' | 'poll_date' | 'poll_start' | 'poll_end'>;

// `codeKey`: the key that signs the slip's QR code (slip-tokens.ts).
export function toSlip(row: SlipRow, settings: SlipSettings, codeKey: Buffer, outOfTown = false): Slip {
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
    qr: signSlipToken(codeKey, row.id, Number(row.slip_generation ?? 0)),
    ...(outOfTown ? { out_of_town: true } : {}),
  };
}
