import type { z } from 'zod';
import type { BoothScope } from '@shared/auth/booth-scope';
import { isAdminRole } from '@shared/auth/roles';
import { NEXT_TOKEN_STATUSES, type TokenQueue, type tokenInputSchema, type tokenUpdateSchema, type WalkInToken } from '@shared/appointments/walk-in-token-schema';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/dialects/database-dialect';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { findVoter } from '../voters/voters-repository';
import { assertDayOpen, assertNotPast, assertServiceRequest, resolveCalendar } from './appointments-use-cases';
import { findToken, insertToken, listTokens, nextTokenNumber, updateTokenStatus } from './tokens-repository';

export const TOKEN_NOT_FOUND = 'Token not found';
export const TOKEN_CHANGED = 'Someone else changed this token first. Reload and try again.';
export const TOKEN_STATUS_NOT_ALLOWED = 'This token cannot move to that status from where it is now';

const tokenName = (token: { token_date: string; token_number: number; visitor_name: string }) => `${token.token_date} #${token.token_number} ${token.visitor_name}`;

// The queue in token order. A field user at the door sees every token (they call them in) but
// the mobile number only of the tokens they gave out: the rest stay with the office.
export async function listQueue(db: Executor, actor: StaffActor, calendarId: number | null, day: string): Promise<TokenQueue> {
  const calendar = await resolveCalendar(db, calendarId, day);
  const office = isAdminRole(actor.role);
  const items = (await listTokens(db, calendar.id, day)).map(({ token, createdBy }) => (office || createdBy === actor.userId ? token : { ...token, visitor_mobile: null }));
  return { date: day, calendar_id: calendar.id, items };
}

// A walk-in gets the next token of the calendar's day. A field user registers voters of their
// own booths only (another voter answers 404, as voters do); a citizen not on the roll needs
// only a name.
export async function registerWalkIn(ctx: AppContext, actor: StaffActor, scope: BoothScope, input: z.output<typeof tokenInputSchema>): Promise<WalkInToken> {
  await assertNotPast(ctx.db, input.token_date, 'token_date');
  const calendar = await resolveCalendar(ctx.db, input.calendar_id, input.token_date);
  assertDayOpen(calendar, input.token_date, 'token_date');
  await assertServiceRequest(ctx.db, input.service_request_id);
  let { visitor_name: name, visitor_mobile: mobile } = input;
  let booth: string | null = null;
  let village: string | null = null;
  if (input.voter_id !== null) {
    const voter = await findVoter(ctx.db, input.voter_id, scope);
    if (!voter) throw new HttpError(404, 'Voter not found', { voter_id: 'Voter not found' });
    name ??= voter.full_name;
    mobile ??= voter.mobile_number || null;
    booth = voter.booth ?? null;
    village = voter.village ?? null;
  }
  const now = new Date().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const number = await nextTokenNumber(trx, calendar.id, input.token_date);
    const token = {
      calendar_id: calendar.id,
      token_date: input.token_date,
      token_number: number,
      voter_id: input.voter_id,
      visitor_name: name ?? '',
      visitor_mobile: mobile,
      purpose: input.purpose,
      booth,
      village,
      service_request_id: input.service_request_id,
      status: input.present ? ('Checked in' as const) : ('Registered' as const),
      checked_in_at: input.present ? now : null,
      created_by: actor.userId,
      created_by_name: actor.userName,
    };
    const created = await insertToken(trx, token);
    await recordAudit(trx, {
      action: 'CREATE_APPOINTMENT_TOKEN',
      ...actor,
      tableName: 'appointment_tokens',
      recordId: created,
      recordName: tokenName(token),
      details: { calendar_id: calendar.id, token_number: number, voter_id: input.voter_id, status: token.status },
    });
    return created;
  });
  const token = await findToken(ctx.db, id);
  if (!token) throw new HttpError(404, TOKEN_NOT_FOUND);
  return token;
}

// Check in, call, done, no-show, from the version seen; each move stamps its time.
export async function moveToken(ctx: AppContext, actor: StaffActor, id: number, input: z.output<typeof tokenUpdateSchema>): Promise<WalkInToken> {
  await retryWhenStale(() =>
    ctx.db.transaction().execute(async (trx) => {
      const current = await findToken(trx, id);
      if (!current) throw new HttpError(404, TOKEN_NOT_FOUND);
      assertVersion(input.version, current.version, () => new EditConflictError(TOKEN_CHANGED, current));
      if (input.status === current.status) return;
      if (!NEXT_TOKEN_STATUSES[current.status].includes(input.status)) throw new HttpError(400, TOKEN_STATUS_NOT_ALLOWED, { status: TOKEN_STATUS_NOT_ALLOWED });
      const now = new Date().toISOString();
      const stamps =
        input.status === 'Checked in'
          ? { checked_in_at: current.checked_in_at ?? now, called_at: null }
          : input.status === 'Called'
            ? { called_at: now }
            : { finished_at: now };
      if (!(await updateTokenStatus(trx, id, current.version, { status: input.status, ...stamps }))) throw new StaleRowError();
      await recordAudit(trx, {
        action: 'UPDATE_APPOINTMENT_TOKEN',
        ...actor,
        tableName: 'appointment_tokens',
        recordId: id,
        recordName: tokenName(current),
        details: { from: current.status, to: input.status, version: current.version + 1 },
      });
    }),
  );
  const token = await findToken(ctx.db, id);
  if (!token) throw new HttpError(404, TOKEN_NOT_FOUND);
  return token;
}
