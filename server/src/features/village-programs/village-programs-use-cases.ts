import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { BoothScope } from '@shared/auth/booth-scope';
import { zonedDay } from '@shared/time/zoned-time';
import {
  type NotVisited,
  type NotVisitedQuery,
  PROGRAM_TALUKAS,
  type VillageProgramDetail,
  type villageProgramInputSchema,
  type VillageProgramQuery,
  type villageProgramUpdateSchema,
} from '@shared/village-programs/village-program-schema';
import { VILLAGES_BY_TALUKA } from '@shared/reference/voter-lists';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/dialects/database-dialect';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { villageProgramRecordName } from '../audit/record-names';
import { readSettings } from '../settings/settings-repository';
import {
  deleteVillageProgram,
  findVillageProgram,
  insertVillageProgram,
  lastVisits,
  listProgramRequests,
  listProgramTasks,
  listVillagePrograms,
  type ProgramFields,
  updateVillageProgram,
} from './village-programs-repository';

export const PROGRAM_NOT_FOUND = 'Program not found';
export const PROGRAM_CHANGED = 'Someone else changed this program first. Reload and try again.';
// The detail lists this many of the requests raised at a program (request_count has them all).
const DETAIL_REQUESTS = 100;
const ALL: BoothScope = { kind: 'all' };

const DAY_MS = 24 * 60 * 60 * 1000;
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

async function officeToday(db: Executor): Promise<string> {
  return zonedDay(new Date(), (await readSettings(db)).timezone);
}

// A program outside a field user's booths reads as not found, as voters and requests do.
async function visibleProgram(db: Executor, scope: BoothScope, id: number) {
  const program = await findVillageProgram(db, scope, id);
  if (!program) throw new HttpError(404, PROGRAM_NOT_FOUND);
  return program;
}

function fieldsOf(input: z.output<typeof villageProgramInputSchema>): ProgramFields {
  return {
    title: input.title,
    kind: input.kind,
    program_date: input.program_date,
    program_time: input.program_time,
    taluka: input.taluka,
    village: input.village,
    organiser: input.organiser,
    expected_attendance: input.expected_attendance,
    actual_attendance: input.actual_attendance,
    notes: input.notes,
  };
}

export async function listPrograms(db: Executor, scope: BoothScope, query: VillageProgramQuery) {
  const { items, total } = await listVillagePrograms(db, scope, query);
  return { items, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)) };
}

// `involvedUser`: a field user's id (their own follow-up tasks only), undefined for the office.
export async function getProgram(db: Executor, scope: BoothScope, id: number, involvedUser?: number): Promise<VillageProgramDetail> {
  const program = await visibleProgram(db, scope, id);
  return { ...program, requests: await listProgramRequests(db, scope, id, DETAIL_REQUESTS), tasks: await listProgramTasks(db, id, involvedUser) };
}

export async function createProgram(db: Kysely<Database>, actor: StaffActor, input: z.output<typeof villageProgramInputSchema>): Promise<VillageProgramDetail> {
  const id = await db.transaction().execute(async (trx) => {
    const programId = await insertVillageProgram(trx, fieldsOf(input), input.booths, { id: actor.userId, name: actor.userName });
    await recordAudit(trx, {
      action: 'CREATE_VILLAGE_PROGRAM',
      ...actor,
      tableName: 'village_programs',
      recordId: programId,
      recordName: villageProgramRecordName(input),
      details: { kind: input.kind, taluka: input.taluka, village: input.village, program_date: input.program_date, booths: input.booths },
    });
    return programId;
  });
  return getProgram(db, ALL, id);
}

const EDITABLE = ['title', 'kind', 'program_date', 'program_time', 'taluka', 'village', 'organiser', 'expected_attendance', 'actual_attendance', 'notes'] as const;

// Checked against the version the form started from; the audit row names the fields that changed.
export async function editProgram(db: Kysely<Database>, actor: StaffActor, id: number, input: z.output<typeof villageProgramUpdateSchema>): Promise<VillageProgramDetail> {
  await retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const program = await visibleProgram(trx, ALL, id);
      assertVersion(input.version, program.version, () => new EditConflictError(PROGRAM_CHANGED, program));
      const changed: string[] = EDITABLE.filter((field) => input[field] !== program[field]);
      const boothsChanged = input.booths.join(',') !== program.booths.join(',');
      if (boothsChanged) changed.push('booths');
      if (!(await updateVillageProgram(trx, id, program.version, fieldsOf(input), boothsChanged ? input.booths : null))) throw new StaleRowError();
      await recordAudit(trx, {
        action: 'UPDATE_VILLAGE_PROGRAM',
        ...actor,
        tableName: 'village_programs',
        recordId: id,
        recordName: villageProgramRecordName(input),
        details: { changed, version: program.version + 1 },
      });
    }),
  );
  return getProgram(db, ALL, id);
}

// The requests raised at it stay in the register, without a program.
export async function removeProgram(db: Kysely<Database>, actor: StaffActor, id: number, version: number | undefined): Promise<void> {
  await retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const program = await visibleProgram(trx, ALL, id);
      assertVersion(version, program.version, () => new EditConflictError(PROGRAM_CHANGED, program));
      const unlinked = await deleteVillageProgram(trx, id, program.version);
      if (unlinked === null) throw new StaleRowError();
      await recordAudit(trx, {
        action: 'DELETE_VILLAGE_PROGRAM',
        ...actor,
        tableName: 'village_programs',
        recordId: id,
        recordName: villageProgramRecordName(program),
        details: { kind: program.kind, taluka: program.taluka, village: program.village, program_date: program.program_date, unlinked_requests: unlinked.requests, unlinked_tasks: unlinked.tasks },
      });
    }),
  );
}

// Every village of the reference list (by taluka) with no program in the last `days` days up to
// the office's today, villages never visited included; never visited first, then the longest ago.
export async function notVisited(db: Executor, query: NotVisitedQuery): Promise<NotVisited> {
  const today = await officeToday(db);
  const since = daysBefore(today, query.days - 1);
  const last = new Map<string, string>();
  for (const row of await lastVisits(db, today, query.taluka)) last.set(`${row.taluka}\u0000${row.village}`, row.last_visit);
  const talukas = (query.taluka ? [query.taluka] : PROGRAM_TALUKAS).map((taluka) => {
    const villages = (VILLAGES_BY_TALUKA[taluka] ?? [])
      .map((village) => ({ village, last_visit: last.get(`${taluka}\u0000${village}`) ?? null }))
      .filter((row) => row.last_visit === null || row.last_visit < since)
      .sort((a, b) => (a.last_visit ?? '').localeCompare(b.last_visit ?? '') || a.village.localeCompare(b.village));
    return { taluka, village_count: VILLAGES_BY_TALUKA[taluka]?.length ?? 0, villages };
  });
  return { days: query.days, today, since, talukas };
}
