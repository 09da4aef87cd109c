import type { BoothHousehold, RollVoter } from '@shared/booths/booth-schema';
import { pageOfSerial, serialRangeOf } from '@shared/booths/roll-pages';
import type { SupportLevel } from '@shared/contacts/contact-schema';
import type { Executor } from '../../db/dialects/database-dialect';
import { type HolderRow, houseHolders, pageHolders } from './booths-repository';

// Reading a booth's roll (issue 20): its voters by roll page and by house (a Karyakarta's
// voters: my-voters/). Every read names the booth, so it is a range of the (booth, part_serial)
// index or of the booth index, whatever the size of the voters table.

export const ROLL_COLUMNS = [
  'id',
  'part_serial',
  'voter_no',
  'full_name',
  'voter_id',
  'age',
  'gender',
  'father_husband_name',
  'relation_type',
  'house_no',
  'mobile_number',
  'whatsapp_number',
  'booth',
  'support_level',
  'last_contact_at',
] as const;

// The contacts keep only support levels in support_level (contacts-use-cases.ts).
export type SupportNarrowed = { support_level: SupportLevel | null };

// The most voters one house lists (a wrongly typed house number shared by a whole street).
const HOUSE_VOTERS_MAX = 500;

function rollVoters(db: Executor, label: string) {
  return db.selectFrom('voters').select(ROLL_COLUMNS).$narrowType<SupportNarrowed>().where('booth', '=', label).where('deleted_at', 'is', null).where('duplicate_of', 'is', null);
}

// Roll order: by part serial, the voters without one after, then by id.
export function byRollOrder(a: RollVoter, b: RollVoter): number {
  if (a.part_serial !== b.part_serial) {
    if (a.part_serial === null) return 1;
    if (b.part_serial === null) return -1;
    return a.part_serial - b.part_serial;
  }
  return a.id - b.id;
}

export function rollPageVoters(db: Executor, label: string, page: number, size: number): Promise<RollVoter[]> {
  const { from, to } = serialRangeOf(page, size);
  return rollVoters(db, label).where('part_serial', '>=', from).where('part_serial', '<=', to).orderBy('part_serial').orderBy('id').execute();
}

export function unnumberedVoters(db: Executor, label: string, page: number, size: number): Promise<RollVoter[]> {
  return rollVoters(db, label)
    .where('part_serial', 'is', null)
    .orderBy('id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

export async function houseVoters(db: Executor, label: string, houseNo: string): Promise<RollVoter[]> {
  const voters = await rollVoters(db, label).where('house_no', '=', houseNo).orderBy('id').limit(HOUSE_VOTERS_MAX).execute();
  return voters.sort(byRollOrder);
}

export function holderOf(holders: readonly HolderRow[], key: string | number): { user_id: number; full_name: string } | null {
  const holder = holders.find((row) => row.key === key || String(row.key) === String(key));
  return holder ? { user_id: holder.user_id, full_name: holder.full_name } : null;
}

// The booth's voters grouped by house number (the stand-in for households until they are
// records of their own), in roll order of each house's first voter, with who holds each house:
// its house assignment, else the holder of the page its first voter is on.
export async function boothHouseholds(db: Executor, boothId: number, label: string, size: number): Promise<BoothHousehold[]> {
  const rows = await db
    .selectFrom('voters')
    .select(['house_no', (eb) => eb.fn.countAll<number | string>().as('voters'), (eb) => eb.fn.min('part_serial').as('first_serial')])
    .where('booth', '=', label)
    .where('deleted_at', 'is', null).where('duplicate_of', 'is', null)
    .groupBy('house_no')
    .execute();
  const pages = await pageHolders(db, boothId);
  const houses = await houseHolders(db, boothId);
  const households = rows.map((row) => {
    const first = row.first_serial === null || row.first_serial === undefined ? null : Number(row.first_serial);
    const holder = (row.house_no !== null ? holderOf(houses, row.house_no) : null) ?? (first !== null ? holderOf(pages, pageOfSerial(first, size)) : null);
    return { house_no: row.house_no, voters: Number(row.voters), first_serial: first, holder };
  });
  return households.sort((a, b) => {
    if (a.first_serial !== b.first_serial) {
      if (a.first_serial === null) return 1;
      if (b.first_serial === null) return -1;
      return a.first_serial - b.first_serial;
    }
    return (a.house_no ?? '\uffff').localeCompare(b.house_no ?? '\uffff');
  });
}


