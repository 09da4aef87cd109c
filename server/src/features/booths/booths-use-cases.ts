import type { BoothClassInfo, ClassOverrideInput } from '@shared/booths/booth-class';
import { BOOTH_FIELDS, type BoothDetail, type BoothUpdate, type BoothWorker, boothRecordSchema, type PageAssignment } from '@shared/booths/booth-schema';
import { formatPageRuns, pageCount } from '@shared/booths/roll-pages';
import type { AppContext } from '../../context';
import type { BoothRow, UserRow } from '../../db/schema';
import type { Executor } from '../../db/dialects/database-dialect';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError, validationError } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { findUserById } from '../users/users-repository';
import { assertCanAssign, BOOTH_NOT_FOUND, boothVisibleTo, canAssignPages, canEditBooths, userReachesBooth } from './booth-access';
import { boothTallies, classInfoOf, classRule, coverageOf, emptyTally, supportOf } from './booth-coverage';
import {
  boothRecordOf,
  findBooth,
  type HolderRow,
  holdHouses,
  holdPages,
  houseHolders,
  liveVotersByBooth,
  pageHolders,
  releaseHouses,
  releasePages,
  rollExtent,
  toBoothDto,
  updateBooth,
  workersOf,
} from './booths-repository';
import { type UserActor, userAudit } from '../audit/actor';

// What the booth routes do (issue 20), each change and its audit row in one transaction.

export async function pageSizeOf(db: Executor): Promise<number> {
  return Number((await readSettings(db)).page_size);
}

async function boothRow(db: Executor, id: number): Promise<BoothRow> {
  const row = await findBooth(db, id);
  if (!row) throw new HttpError(404, BOOTH_NOT_FOUND);
  return row;
}

async function workersIn(db: Executor, boothId: number, label: string): Promise<BoothWorker[]> {
  const [pages, houses] = [await pageHolders(db, boothId), await houseHolders(db, boothId)];
  return workersOf(pages, houses, (holder) => holder.role === 'Karyakarta' && userReachesBooth(holder, label));
}

// The active Karyakartas whose booth access reaches the booth: the ones a page may go to.
async function assignableWorkers(db: Executor, label: string): Promise<{ id: number; full_name: string }[]> {
  const rows = await db.selectFrom('users').select(['id', 'full_name', 'role', 'booth_access']).where('role', '=', 'Karyakarta').where('is_active', '=', 1).orderBy('full_name').execute();
  return rows.filter((row) => userReachesBooth(row, label)).map((row) => ({ id: row.id, full_name: row.full_name }));
}

export async function boothDetail(ctx: AppContext, user: UserRow, id: number): Promise<BoothDetail> {
  const label = boothVisibleTo(user, id);
  const row = await boothRow(ctx.db, id);
  const size = await pageSizeOf(ctx.db);
  const { highest, unnumbered } = await rollExtent(ctx.db, label);
  const voters = (await liveVotersByBooth(ctx.db, [label])).get(label) ?? 0;
  const canAssign = canAssignPages(user, label);
  const tally = (await boothTallies(ctx.db, [label])).get(label) ?? emptyTally();
  return {
    booth: toBoothDto(row),
    voters,
    unnumbered,
    page_size: size,
    pages: pageCount(highest, size),
    workers: await workersIn(ctx.db, id, label),
    can_edit: canEditBooths(user),
    can_assign: canAssign,
    assignable: canAssign ? await assignableWorkers(ctx.db, label) : [],
    coverage: coverageOf(tally),
    support: supportOf(tally),
    class: classInfoOf(row, tally, await classRule(ctx.db, [label])),
    can_set_class: canEditBooths(user),
  };
}

// An office role sets the booth's class over the computed one, with the reason; null lets the
// computed class stand again. Versioned as a booth edit (409 when stale); audited.
export async function setBoothClass(ctx: AppContext, actor: UserActor, id: number, input: ClassOverrideInput): Promise<{ booth: BoothRow; class: BoothClassInfo }> {
  const { version, class_override: chosen } = input;
  const reason = chosen === null ? null : (input.reason ?? '').trim();
  const booth = await retryWhenStale(() =>
    ctx.db.transaction().execute(async (trx) => {
      const existing = await boothRow(trx, id);
      assertVersion(version, existing.version, () => new EditConflictError(BOOTH_CHANGED, toBoothDto(existing)));
      if (existing.class_override === chosen && existing.class_override_reason === reason) return existing;
      const now = new Date().toISOString();
      const updated = await trx
        .updateTable('booths')
        .set((eb) => ({
          class_override: chosen,
          class_override_reason: reason,
          class_override_by: chosen === null ? null : actor.user.full_name,
          class_override_at: chosen === null ? null : now,
          updated_at: now,
          updated_by: actor.user.id,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', existing.version)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new StaleRowError();
      await recordAudit(trx, {
        ...userAudit(actor, 'booths'),
        action: 'SET_BOOTH_CLASS',
        recordId: id,
        recordName: existing.label,
        details: { class: chosen, reason, from: existing.class_override, from_reason: existing.class_override_reason, version: updated.version },
      });
      return updated;
    }),
  );
  const tally = (await boothTallies(ctx.db, [booth.label])).get(booth.label) ?? emptyTally();
  return { booth, class: classInfoOf(booth, tally, await classRule(ctx.db, [booth.label])) };
}

export const BOOTH_CHANGED = 'Someone else changed this booth after you opened it';

// Fields left out stay as they are; the merged booth is checked as a whole (a village of the
// taluka) and written on condition that its version is still the one read (decision 015).
export async function changeBooth(ctx: AppContext, actor: UserActor, id: number, input: BoothUpdate & { version?: number }): Promise<BoothRow> {
  const { version, ...sent } = input;
  return retryWhenStale(() =>
    ctx.db.transaction().execute(async (trx) => {
      const existing = await boothRow(trx, id);
      assertVersion(version, existing.version, () => new EditConflictError(BOOTH_CHANGED, toBoothDto(existing)));
      const before = boothRecordOf(existing);
      const merged = boothRecordSchema.safeParse({ ...before, ...Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) });
      if (!merged.success) throw validationError(merged.error);
      const changed = BOOTH_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(merged.data[field]));
      if (changed.length === 0) return existing;
      const updated = await updateBoothRow(trx, id, merged.data, actor, existing.version);
      await recordAudit(trx, {
        ...userAudit(actor, 'booths'),
        action: 'UPDATE_BOOTH',
        recordId: id,
        recordName: existing.label,
        details: { fields: changed, from: Object.fromEntries(changed.map((field) => [field, before[field]])), version: updated.version },
      });
      return updated;
    }),
  );
}

async function updateBoothRow(trx: Executor, id: number, record: ReturnType<typeof boothRecordOf>, actor: UserActor, expectedVersion: number): Promise<BoothRow> {
  const updated = await updateBooth(trx, id, record, { userId: actor.user.id, expectedVersion });
  if (!updated) throw new StaleRowError();
  return updated;
}

export const ONLY_KARYAKARTAS = 'Pages and houses go to a Karyakarta';
export const HOLDERS_CHANGED = 'Someone else holds some of these pages or houses now. Check who holds them, then confirm.';

// The Karyakarta who is to hold pages of the booth: active, and with booth access to it.
async function assigneeFor(db: Executor, userId: number, label: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(400, 'Choose a Karyakarta', { user_id: 'Choose a Karyakarta' });
  if (user.role !== 'Karyakarta') throw new HttpError(400, ONLY_KARYAKARTAS, { user_id: ONLY_KARYAKARTAS });
  if (user.is_active !== 1) {
    const message = `${user.full_name} is inactive`;
    throw new HttpError(400, message, { user_id: message });
  }
  if (!userReachesBooth(user, label)) {
    const message = `${user.full_name} has no access to ${label}. Give them access to ${label} in User Management first: a page never widens what a Karyakarta may see.`;
    throw new HttpError(400, message, { user_id: message });
  }
  return user;
}

const rangeOf = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

// Gives pages (a range) or house numbers of a booth to a Karyakarta, or with user_id null takes
// them back: one request, one transaction, one audit row naming what changed hands.
export async function assignPages(ctx: AppContext, actor: UserActor, id: number, input: PageAssignment & { user_id: number | null }): Promise<{ message: string; workers: BoothWorker[] }> {
  const label = boothVisibleTo(actor.user, id);
  assertCanAssign(actor.user, label);
  const now = new Date();
  const message = await ctx.db.transaction().execute(async (trx) => {
    // One assignment of a booth at a time (PostgreSQL; SQLite writes one at a time anyway), so
    // the holders checked below are still the holders when the pages change hands.
    await ctx.dialect.lockName(trx, `booth-assignments-${id}`);
    await boothRow(trx, id);
    const assignee = input.user_id === null ? null : await assigneeFor(trx, input.user_id, label);
    // Pages or houses held by someone the client did not see (a Supervisor and an Admin at
    // once, or a booth page open since yesterday) are not taken silently: 409 with who holds
    // them now; the client sends them back in expected_holders to confirm.
    const expected = new Set(input.expected_holders ?? []);
    const assertSeen = (pageRows: HolderRow[], houseRows: HolderRow[]) => {
      const others = (rows: HolderRow[]) => rows.filter((holder) => holder.user_id !== assignee?.id);
      if ([...others(pageRows), ...others(houseRows)].some((holder) => !expected.has(holder.user_id))) {
        throw new EditConflictError(HOLDERS_CHANGED, { holders: workersOf(others(pageRows), others(houseRows), (holder) => holder.role === 'Karyakarta' && userReachesBooth(holder, label)) });
      }
    };
    const audit = (details: Record<string, unknown>) =>
      recordAudit(trx, { ...userAudit(actor, 'booths'), action: assignee ? 'ASSIGN_PAGES' : 'UNASSIGN_PAGES', recordId: id, recordName: label, details, now });
    const previous = (holders: { user_id: number; full_name: string; key: string | number }[]) =>
      holders.filter((holder) => holder.user_id !== assignee?.id).map((holder) => ({ user_id: holder.user_id, name: holder.full_name, key: holder.key }));

    if (input.pages) {
      const range = { from: Number(input.pages.from), to: Number(input.pages.to) };
      const pages = rangeOf(range.from, range.to);
      const held = await pageHolders(trx, id, range);
      assertSeen(held, []);
      const replaced = previous(held);
      if (assignee) await holdPages(trx, id, pages, assignee.id, actor.user.id, now);
      else await releasePages(trx, id, range);
      await audit({ pages: formatPageRuns(pages), user_id: assignee?.id ?? null, user_name: assignee?.full_name ?? null, previous: replaced.map(({ key, ...holder }) => ({ ...holder, page: key })) });
      const what = pages.length === 1 ? `Page ${range.from}` : `Pages ${range.from}–${range.to}`;
      return assignee ? `${what} of ${label} assigned to ${assignee.full_name}` : `${what} of ${label} unassigned`;
    }
    const houses = [...new Set(input.house_numbers ?? [])];
    const held = await houseHolders(trx, id, houses);
    assertSeen([], held);
    const replaced = previous(held);
    if (assignee) await holdHouses(trx, id, houses, assignee.id, actor.user.id, now);
    else await releaseHouses(trx, id, houses);
    await audit({ house_numbers: houses, user_id: assignee?.id ?? null, user_name: assignee?.full_name ?? null, previous: replaced.map(({ key, ...holder }) => ({ ...holder, house_no: key })) });
    const what = houses.length === 1 ? `House ${houses[0]}` : `${houses.length} houses`;
    return assignee ? `${what} of ${label} assigned to ${assignee.full_name}` : `${what} of ${label} unassigned`;
  });
  return { message, workers: await workersIn(ctx.db, id, label) };
}
