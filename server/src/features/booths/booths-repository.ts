import type { Booth, BoothRecord, BoothSection, BoothWorker } from '@shared/booths/booth-schema';
import { boothLabelOf } from '@shared/reference/booths';
import type { Executor } from '../../db/dialects/database-dialect';
import type { BoothRow } from '../../db/schema';

// The booths table (migration 022) and the page and house assignments.

function parseSections(raw: string): BoothSection[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is BoothSection => typeof item?.number === 'number' && typeof item?.name === 'string') : [];
  } catch {
    return [];
  }
}

export function toBoothDto(row: BoothRow): Booth {
  return {
    id: row.id,
    label: row.label,
    part_number: row.part_number,
    polling_station_number: row.polling_station_number,
    polling_station_name: row.polling_station_name,
    polling_station_address: row.polling_station_address,
    village: row.village,
    taluka: row.taluka,
    sections: parseSections(row.sections),
    updated_at: row.updated_at,
    version: row.version,
  };
}

// The stored booth in the form's terms, so an edit can be merged over it and compared.
export function boothRecordOf(row: BoothRow): BoothRecord {
  const { id: _id, label: _label, updated_at: _at, version: _version, ...record } = toBoothDto(row);
  return record;
}

export function findBooth(db: Executor, id: number): Promise<BoothRow | undefined> {
  return db.selectFrom('booths').selectAll().where('id', '=', id).executeTakeFirst();
}

// All booths, or the ones named, in booth order.
export function listBoothRows(db: Executor, labels?: readonly string[]): Promise<BoothRow[]> {
  let query = db.selectFrom('booths').selectAll().orderBy('id');
  if (labels) query = labels.length > 0 ? query.where('label', 'in', [...labels]) : query.where('id', '<', 0);
  return query.execute();
}

// Live voters per booth, from the trigger-kept counts (migration 006): no voter is read.
export async function liveVotersByBooth(db: Executor, labels?: readonly string[]): Promise<Map<string, number>> {
  let query = db.selectFrom('voter_stats').select(['booth', (eb) => eb.fn.sum<number | string>('count').as('live')]).where('dimension', '=', 'status').groupBy('booth');
  if (labels) {
    if (labels.length === 0) return new Map();
    query = query.where('booth', 'in', [...labels]);
  }
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.booth, Number(row.live)]));
}

// Writes the booth only if it is still at the version read, raising it by one; undefined when
// another writer changed it in between (lib/record-versions.ts).
export function updateBooth(db: Executor, id: number, record: BoothRecord, options: { userId: number; expectedVersion: number; now?: Date }): Promise<BoothRow | undefined> {
  const { sections, ...fields } = record;
  return db
    .updateTable('booths')
    .set((eb) => ({ ...fields, sections: JSON.stringify(sections), updated_at: (options.now ?? new Date()).toISOString(), updated_by: options.userId, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', options.expectedVersion)
    .returningAll()
    .executeTakeFirst();
}

// The highest part serial of the booth's live voters, and how many have none: two reads of
// the (booth, part_serial) index.
export async function rollExtent(db: Executor, label: string): Promise<{ highest: number | null; unnumbered: number }> {
  const highest = await db.selectFrom('voters').select((eb) => eb.fn.max('part_serial').as('highest')).where('booth', '=', label).where('deleted_at', 'is', null).where('duplicate_of', 'is', null).executeTakeFirst();
  const unnumbered = await db
    .selectFrom('voters')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('booth', '=', label)
    .where('part_serial', 'is', null)
    .where('deleted_at', 'is', null).where('duplicate_of', 'is', null)
    .executeTakeFirstOrThrow();
  const value = highest?.highest;
  return { highest: value === null || value === undefined ? null : Number(value), unnumbered: Number(unnumbered.count) };
}

export interface HolderRow {
  booth_id: number;
  key: string | number;
  user_id: number;
  full_name: string;
  booth_access: string;
  role: string;
}

export async function pageHolders(db: Executor, boothId: number, pages?: { from: number; to: number }): Promise<HolderRow[]> {
  let query = db
    .selectFrom('page_assignments')
    .innerJoin('users', 'users.id', 'page_assignments.user_id')
    .select(['page_assignments.booth_id', 'page_assignments.page as key', 'users.id as user_id', 'users.full_name', 'users.booth_access', 'users.role'])
    .where('page_assignments.booth_id', '=', boothId);
  if (pages) query = query.where('page_assignments.page', '>=', pages.from).where('page_assignments.page', '<=', pages.to);
  return query.orderBy('page_assignments.page').execute();
}

export async function houseHolders(db: Executor, boothId: number, houseNumbers?: readonly string[]): Promise<HolderRow[]> {
  let query = db
    .selectFrom('house_assignments')
    .innerJoin('users', 'users.id', 'house_assignments.user_id')
    .select(['house_assignments.booth_id', 'house_assignments.house_no as key', 'users.id as user_id', 'users.full_name', 'users.booth_access', 'users.role'])
    .where('house_assignments.booth_id', '=', boothId);
  if (houseNumbers) query = query.where('house_assignments.house_no', 'in', [...houseNumbers]);
  return query.orderBy('house_assignments.house_no').execute();
}

// The booth's workers, each with the pages and house numbers they hold, by name.
export function workersOf(pages: readonly HolderRow[], houses: readonly HolderRow[], hasAccess: (holder: HolderRow) => boolean): BoothWorker[] {
  const workers = new Map<number, BoothWorker>();
  const workerOf = (holder: HolderRow) => {
    let worker = workers.get(holder.user_id);
    if (!worker) {
      worker = { user_id: holder.user_id, full_name: holder.full_name, has_access: hasAccess(holder), pages: [], house_numbers: [] };
      workers.set(holder.user_id, worker);
    }
    return worker;
  };
  for (const holder of pages) workerOf(holder).pages.push(Number(holder.key));
  for (const holder of houses) workerOf(holder).house_numbers.push(String(holder.key));
  return [...workers.values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
}

// Gives the pages to the user, whoever held them (one holder a page): an upsert, so two
// assigners at once cannot meet a duplicate key.
export async function holdPages(db: Executor, boothId: number, pages: readonly number[], userId: number, assignedBy: number, now: Date): Promise<void> {
  const assignedAt = now.toISOString();
  for (let start = 0; start < pages.length; start += 200) {
    await db
      .insertInto('page_assignments')
      .values(pages.slice(start, start + 200).map((page) => ({ booth_id: boothId, page, user_id: userId, assigned_by: assignedBy, assigned_at: assignedAt })))
      .onConflict((oc) => oc.columns(['booth_id', 'page']).doUpdateSet((eb) => ({ user_id: eb.ref('excluded.user_id'), assigned_by: eb.ref('excluded.assigned_by'), assigned_at: eb.ref('excluded.assigned_at') })))
      .execute();
  }
}

export async function releasePages(db: Executor, boothId: number, range: { from: number; to: number }): Promise<void> {
  await db.deleteFrom('page_assignments').where('booth_id', '=', boothId).where('page', '>=', range.from).where('page', '<=', range.to).execute();
}

export async function holdHouses(db: Executor, boothId: number, houseNumbers: readonly string[], userId: number, assignedBy: number, now: Date): Promise<void> {
  const assignedAt = now.toISOString();
  await db
    .insertInto('house_assignments')
    .values(houseNumbers.map((house_no) => ({ booth_id: boothId, house_no, user_id: userId, assigned_by: assignedBy, assigned_at: assignedAt })))
    .onConflict((oc) => oc.columns(['booth_id', 'house_no']).doUpdateSet((eb) => ({ user_id: eb.ref('excluded.user_id'), assigned_by: eb.ref('excluded.assigned_by'), assigned_at: eb.ref('excluded.assigned_at') })))
    .execute();
}

export async function releaseHouses(db: Executor, boothId: number, houseNumbers: readonly string[]): Promise<void> {
  await db.deleteFrom('house_assignments').where('booth_id', '=', boothId).where('house_no', 'in', [...houseNumbers]).execute();
}

// One user's pages and house numbers in every booth, by booth.
export async function assignmentsOf(db: Executor, userId: number): Promise<{ boothId: number; label: string; pages: number[]; houseNumbers: string[] }[]> {
  const pages = await db.selectFrom('page_assignments').select(['booth_id', 'page']).where('user_id', '=', userId).orderBy('booth_id').orderBy('page').execute();
  const houses = await db.selectFrom('house_assignments').select(['booth_id', 'house_no']).where('user_id', '=', userId).orderBy('booth_id').orderBy('house_no').execute();
  const byBooth = new Map<number, { boothId: number; label: string; pages: number[]; houseNumbers: string[] }>();
  const entry = (boothId: number) => {
    let found = byBooth.get(boothId);
    if (!found) {
      found = { boothId, label: boothLabelOf(boothId) ?? String(boothId), pages: [], houseNumbers: [] };
      byBooth.set(boothId, found);
    }
    return found;
  };
  for (const row of pages) entry(row.booth_id).pages.push(row.page);
  for (const row of houses) entry(row.booth_id).houseNumbers.push(row.house_no);
  return [...byBooth.values()].sort((a, b) => a.boothId - b.boothId);
}

// The booth's part number and constituency, as a roll saved into it says them (issue 54): set
// only when the office said so, or filled where empty. Returns the booth as changed.
export function setBoothRollIdentity(db: Executor, id: number, identity: { part_number: number | null; constituency: string | null }, options: { userId: number; expectedVersion: number; now?: Date }): Promise<BoothRow | undefined> {
  return db
    .updateTable('booths')
    .set((eb) => ({ ...identity, updated_at: (options.now ?? new Date()).toISOString(), updated_by: options.userId, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', options.expectedVersion)
    .returningAll()
    .executeTakeFirst();
}
