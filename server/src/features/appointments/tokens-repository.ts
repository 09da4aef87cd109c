import type { TokenStatus, WalkInToken } from '@shared/appointments/walk-in-token-schema';
import type { Executor } from '../../db/dialects/database-dialect';

// The walk-in queue (migration 068, decision 091).

function selectTokens(db: Executor) {
  return db
    .selectFrom('appointment_tokens')
    .leftJoin('service_requests', 'service_requests.id', 'appointment_tokens.service_request_id')
    .select([
      'appointment_tokens.id',
      'appointment_tokens.calendar_id',
      'appointment_tokens.token_date',
      'appointment_tokens.token_number',
      'appointment_tokens.voter_id',
      'appointment_tokens.visitor_name',
      'appointment_tokens.visitor_mobile',
      'appointment_tokens.purpose',
      'appointment_tokens.booth',
      'appointment_tokens.village',
      'appointment_tokens.service_request_id',
      'appointment_tokens.status',
      'appointment_tokens.checked_in_at',
      'appointment_tokens.called_at',
      'appointment_tokens.finished_at',
      'appointment_tokens.created_by',
      'appointment_tokens.created_by_name',
      'appointment_tokens.created_at',
      'appointment_tokens.version',
      'service_requests.receipt_no as service_request_receipt',
    ]);
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['executeTakeFirstOrThrow']>>;

const toTokenDto = ({ created_by: _by, ...row }: TokenRow): WalkInToken => ({ ...row, status: row.status as TokenStatus, service_request_receipt: row.service_request_receipt ?? null });

// A day's queue in token order, each token with who gave it out.
export async function listTokens(db: Executor, calendarId: number, day: string): Promise<{ token: WalkInToken; createdBy: number | null }[]> {
  const rows = await selectTokens(db).where('appointment_tokens.calendar_id', '=', calendarId).where('appointment_tokens.token_date', '=', day).orderBy('appointment_tokens.token_number').execute();
  return rows.map((row) => ({ token: toTokenDto(row), createdBy: row.created_by }));
}

export async function findToken(db: Executor, id: number): Promise<WalkInToken | undefined> {
  const row = await selectTokens(db).where('appointment_tokens.id', '=', id).executeTakeFirst();
  return row ? toTokenDto(row) : undefined;
}

// The calendar's and day's next token number, in one statement: the upsert takes the counter
// row's lock on PostgreSQL (a second desk waits for the first's transaction, then counts on
// from its number) and SQLite writes one transaction at a time, so two desks never read the
// same number. Inside the token's transaction: a rolled-back token gives its number back.
export async function nextTokenNumber(db: Executor, calendarId: number, day: string): Promise<number> {
  const row = await db
    .insertInto('appointment_token_counters')
    .values({ calendar_id: calendarId, token_date: day, last_number: 1 })
    .onConflict((oc) => oc.columns(['calendar_id', 'token_date']).doUpdateSet((eb) => ({ last_number: eb('appointment_token_counters.last_number', '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export interface NewToken {
  calendar_id: number;
  token_date: string;
  token_number: number;
  voter_id: number | null;
  visitor_name: string;
  visitor_mobile: string | null;
  purpose: string;
  booth: string | null;
  village: string | null;
  service_request_id: number | null;
  status: TokenStatus;
  checked_in_at: string | null;
  created_by: number;
  created_by_name: string;
}

export async function insertToken(db: Executor, token: NewToken): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('appointment_tokens')
    .values({ ...token, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTokenStatus(db: Executor, id: number, expectedVersion: number, changes: { status: TokenStatus; checked_in_at?: string | null; called_at?: string | null; finished_at?: string | null }): Promise<boolean> {
  const result = await db
    .updateTable('appointment_tokens')
    .set((eb) => ({ ...changes, updated_at: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
