import { type Kysely, sql, type Transaction } from 'kysely';
import type { TemplateTexts, VoterAudience, VoterSend, VoterTemplate } from '@shared/voter-messages/voter-send-schema';
import { serialRangeOf } from '@shared/booths/roll-pages';
import { SUPPORTER_LEVELS } from '@shared/poll/poll-schema';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

// Templates ------------------------------------------------------------------------------------

const TEMPLATE_COLUMNS = ['id', 'name', 'category', 'dlt_template_id', 'texts', 'whatsapp_template', 'updated_at', 'version'] as const;
const templateOf = (row: { id: number; name: string; category: string; dlt_template_id: string; texts: string; whatsapp_template: string | null; updated_at: string; version: number }): VoterTemplate => ({
  ...row,
  category: row.category as VoterTemplate['category'],
  texts: JSON.parse(row.texts) as Record<string, string>,
});

export async function listTemplates(db: Executor): Promise<VoterTemplate[]> {
  const rows = await db.selectFrom('voter_message_templates').select(TEMPLATE_COLUMNS).orderBy('name').orderBy('id').execute();
  return rows.map(templateOf);
}

export async function findTemplate(db: Executor, id: number): Promise<VoterTemplate | undefined> {
  const row = await db.selectFrom('voter_message_templates').select(TEMPLATE_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? templateOf(row) : undefined;
}

type TemplateFields = { name: string; category: string; dlt_template_id: string; texts: TemplateTexts; whatsapp_template: string };

export async function insertTemplate(db: Executor, input: TemplateFields, now: Date): Promise<number> {
  const row = await db
    .insertInto('voter_message_templates')
    .values({ name: input.name, category: input.category, dlt_template_id: input.dlt_template_id, texts: JSON.stringify(input.texts), whatsapp_template: input.whatsapp_template || null, created_at: now.toISOString(), updated_at: now.toISOString(), version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateTemplate(db: Executor, id: number, readVersion: number, input: TemplateFields, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('voter_message_templates')
    .set({ name: input.name, category: input.category, dlt_template_id: input.dlt_template_id, texts: JSON.stringify(input.texts), whatsapp_template: input.whatsapp_template || null, updated_at: now.toISOString(), version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// The audience -------------------------------------------------------------------------------

export interface AudienceVoter {
  id: number;
  full_name: string;
  booth: string | null;
  mobile: string | null;
  // The WhatsApp number where the record has one, else the mobile.
  whatsapp: string | null;
  polling_station: string | null;
  // The voter's message language (migration 055); null: the office's.
  message_language: string | null;
  opted_out: boolean;
}

const AUDIENCE_PAGE = 5000;

// Live voters (not deleted, not a second roll entry, not deceased) matching every filter, with
// whether they may be messaged: opted out by their own consent or by their number's STOP.
// `on` says what the lists depend on: today's MM-DD in the office calendar (birthdays,
// anniversaries), the roll's page size (a roll page) and the election (the chase list: null
// when no poll date is set, and then nobody is on it).
export interface AudienceDay {
  todayMonthDay: string;
  pageSize: number;
  election: string | null;
}

export async function audienceVoters(db: Executor, audience: VoterAudience, on: AudienceDay): Promise<AudienceVoter[]> {
  const todayMonthDay = on.todayMonthDay;
  let query = db
    .selectFrom('voters')
    .leftJoin('voter_message_consent as consent', 'consent.voter_id', 'voters.id')
    .leftJoin('message_opt_out_numbers as blocked', 'blocked.mobile', 'voters.mobile_number')
    .leftJoin('booths', 'booths.label', 'voters.booth')
    .select(['voters.id', 'voters.full_name', 'voters.booth', 'voters.mobile_number', 'voters.whatsapp_number', 'voters.message_language', 'booths.polling_station_name', 'consent.state', 'blocked.opted_out_at'])
    .where('voters.deleted_at', 'is', null)
    .where('voters.duplicate_of', 'is', null)
    .where((eb) => eb.or([eb('voters.is_dead', '=', 0), eb('voters.is_dead', 'is', null)]));
  if (audience.booth) query = query.where('voters.booth', '=', audience.booth);
  if (audience.village) query = query.where('voters.village', '=', audience.village);
  if (audience.gender) query = query.where('voters.gender', '=', audience.gender);
  if (audience.age_min !== undefined) query = query.where('voters.age', '>=', audience.age_min);
  if (audience.age_max !== undefined) query = query.where('voters.age', '<=', audience.age_max);
  if (audience.support_level) query = query.where('voters.support_level', '=', audience.support_level);
  // The dates are YYYY-MM-DD text on both databases: characters 6 to 10 are MM-DD.
  if (audience.birthdays_today) query = query.where(sql<string>`substr(voters.date_of_birth, 6, 5)`, '=', todayMonthDay);
  if (audience.anniversaries_today) query = query.where(sql<string>`substr(voters.anniversary_date, 6, 5)`, '=', todayMonthDay);
  if (audience.heads_of_households) {
    query = query.where((eb) => eb.or([eb('voters.head_of_house', '=', 1), eb('voters.id', 'in', eb.selectFrom('households').select('head_voter_id').where('status', '=', 'confirmed').where('head_voter_id', 'is not', null).$narrowType<{ head_voter_id: number }>())]));
  }
  if (audience.roll_page !== undefined) {
    const { from, to } = serialRangeOf(audience.roll_page, on.pageSize);
    query = query.where('voters.part_serial', '>=', from).where('voters.part_serial', '<=', to);
  }
  if (audience.chase_list) {
    const election = on.election ?? '';
    query = query
      .where('voters.support_level', 'in', [...SUPPORTER_LEVELS])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('poll_marks').select('poll_marks.voter_id').whereRef('poll_marks.voter_id', '=', 'voters.id').where('poll_marks.election', '=', election))));
    if (on.election === null) query = query.where(sql<boolean>`1 = 0`);
  }
  // Read 5,000 at a time by id, a turn for other requests between reads: one read of 50,000
  // voters would hold SQLite's synchronous driver, and every other request, for a third of a second.
  const rows = [];
  for (let after = 0; ; ) {
    const page = await query.where('voters.id', '>', after).orderBy('voters.id').limit(AUDIENCE_PAGE).execute();
    rows.push(...page);
    if (page.length < AUDIENCE_PAGE) break;
    after = page[page.length - 1]!.id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return rows.map((row) => ({
    id: row.id,
    full_name: row.full_name,
    booth: row.booth,
    mobile: row.mobile_number && row.mobile_number.trim() !== '' ? row.mobile_number : null,
    whatsapp: [row.whatsapp_number, row.mobile_number].find((number) => number && number.trim() !== '') ?? null,
    polling_station: row.polling_station_name ?? null,
    message_language: row.message_language,
    // The voter's own answer or their number's STOP (an office opt-in lifts the STOP: decision 070).
    opted_out: row.state === 'opted_out' || row.opted_out_at !== null,
  }));
}

// Which of these voters may no longer be messaged (checked again just before each batch goes).
export async function optedOutAmong(db: Executor, voters: { voter_id: number; mobile: string }[]): Promise<Set<number>> {
  if (voters.length === 0) return new Set();
  const byConsent = await db.selectFrom('voter_message_consent').select('voter_id').where('state', '=', 'opted_out').where('voter_id', 'in', voters.map((voter) => voter.voter_id)).execute();
  const numbers = await db.selectFrom('message_opt_out_numbers').select('mobile').where('mobile', 'in', [...new Set(voters.map((voter) => voter.mobile))]).execute();
  const blocked = new Set(numbers.map((row) => row.mobile));
  return new Set([...byConsent.map((row) => row.voter_id), ...voters.filter((voter) => blocked.has(voter.mobile)).map((voter) => voter.voter_id)]);
}

// Sends --------------------------------------------------------------------------------------

export interface NewSend {
  template_id: number;
  template_name: string;
  category: string;
  dlt_template_id: string;
  audience: string;
  status: string;
  total: number;
  no_mobile: number;
  opted_out: number;
  parts: number;
  price_paise: number;
  not_before: string | null;
  created_by: number;
  created_by_name: string;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: string | null;
  created_at: string;
  channel: string;
  whatsapp_template: string | null;
}

// A WhatsApp recipient also keeps its text's language and its {{n}} values (JSON).
export type NewRecipient = { voter_id: number; mobile: string; text: string; parts: number; language?: string | null; params?: string | null };

export async function insertSend(db: Executor, send: NewSend, recipients: NewRecipient[]): Promise<number> {
  const row = await db
    .insertInto('voter_sends')
    .values({ ...send, version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  // 10 values a row: 500 rows stay well under SQLite's bound-parameter limit.
  for (let start = 0; start < recipients.length; start += 500) {
    // SQLite's driver runs each statement on the event loop: a turn for other requests between
    // statements, whose reads go on beside this transaction (issue 60: 50,000 voters).
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    await db
      .insertInto('voter_send_recipients')
      .values(recipients.slice(start, start + 500).map((recipient) => ({ send_id: id, ...recipient, language: recipient.language ?? null, params: recipient.params ?? null, status: 'queued', attempts: 0, error: null, provider_id: null, next_attempt_at: null, sent_at: null })))
      .execute();
  }
  return id;
}

const SEND_COLUMNS = [
  'id',
  'template_name',
  'category',
  'channel',
  'status',
  'total',
  'no_mobile',
  'opted_out',
  'parts',
  'price_paise',
  'not_before',
  'stop_reason',
  'created_by',
  'created_by_name',
  'created_at',
  'approved_by_name',
  'finished_at',
  'version',
] as const;

type SendRow = { id: number; template_name: string; category: string; channel: string; status: string; total: number; no_mobile: number; opted_out: number; parts: number; price_paise: number; not_before: string | null; stop_reason: string | null; created_by: number | null; created_by_name: string | null; created_at: string; approved_by_name: string | null; finished_at: string | null; version: number };

async function withCounts(db: Executor, rows: SendRow[]): Promise<(VoterSend & { created_by: number | null })[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('voter_send_recipients')
    .select(['send_id', 'status', 'delivery_status', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('parts').as('parts')])
    .where('send_id', 'in', rows.map((row) => row.id))
    .groupBy(['send_id', 'status', 'delivery_status'])
    .execute();
  return rows.map((row) => {
    // Summed over the delivery reports within each status.
    const sum = (status: string, key: 'count' | 'parts', delivery?: string) =>
      counts.filter((count) => count.send_id === row.id && count.status === status && (delivery === undefined || count.delivery_status === delivery)).reduce((total, count) => total + Number(count[key] ?? 0), 0);
    const of = (status: string) => ({ count: sum(status, 'count'), parts: sum(status, 'parts') });
    const sentParts = of('sent').parts;
    return {
      id: row.id,
      template_name: row.template_name,
      category: row.category as VoterSend['category'],
      channel: row.channel as VoterSend['channel'],
      status: row.status as VoterSend['status'],
      total: row.total,
      sent: of('sent').count,
      failed: of('failed').count,
      cancelled: of('cancelled').count + of('skipped').count,
      delivered: sum('sent', 'count', 'delivered'),
      undelivered: sum('sent', 'count', 'failed'),
      left_out: { no_mobile: row.no_mobile, opted_out: row.opted_out },
      parts: row.parts,
      estimated_cost_paise: row.parts * row.price_paise,
      spent_paise: sentParts * row.price_paise,
      not_before: row.not_before,
      stop_reason: row.stop_reason,
      created_by: row.created_by,
      created_by_name: row.created_by_name,
      created_at: row.created_at,
      approved_by_name: row.approved_by_name,
      finished_at: row.finished_at,
      version: row.version,
    };
  });
}

export async function listSends(db: Executor, limit: number): Promise<VoterSend[]> {
  const rows = await db.selectFrom('voter_sends').select(SEND_COLUMNS).orderBy('id', 'desc').limit(limit).execute();
  return (await withCounts(db, rows)).map(({ created_by: _by, ...send }) => send);
}

export async function findSend(db: Executor, id: number): Promise<(VoterSend & { created_by: number | null }) | undefined> {
  const row = await db.selectFrom('voter_sends').select(SEND_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? (await withCounts(db, [row]))[0] : undefined;
}

export async function updateSend(
  db: Executor,
  id: number,
  readVersion: number,
  changes: Partial<{ status: string; stop_reason: string | null; approved_by: number; approved_by_name: string; approved_at: string; finished_at: string | null; not_before: string | null }>,
): Promise<boolean> {
  const result = await db
    .updateTable('voter_sends')
    .set({ ...changes, version: readVersion + 1 })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// The recipients not yet sent: cancelled with the reason (a cancel, the budget).
export async function cancelQueuedRecipients(db: Executor, sendId: number, reason: string): Promise<number> {
  const result = await db.updateTable('voter_send_recipients').set({ status: 'cancelled', error: reason, next_attempt_at: null }).where('send_id', '=', sendId).where('status', '=', 'queued').executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// What messages to voters cost since `since` (the start of the office day), in paise.
export async function spentSince(db: Executor, since: Date): Promise<number> {
  const row = await db
    .selectFrom('voter_send_recipients')
    .innerJoin('voter_sends', 'voter_sends.id', 'voter_send_recipients.send_id')
    .select(sql<number>`coalesce(sum(voter_send_recipients.parts * voter_sends.price_paise), 0)`.as('paise'))
    .where('voter_send_recipients.status', '=', 'sent')
    .where('voter_send_recipients.sent_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.paise);
}

// The dispatcher's view ------------------------------------------------------------------------

export function activeSends(db: Executor) {
  return db.selectFrom('voter_sends').select(['id', 'category', 'channel', 'whatsapp_template', 'dlt_template_id', 'not_before', 'price_paise', 'version', 'template_name']).where('status', '=', 'sending').orderBy('id').execute();
}

export function dueRecipients(db: Executor, sendId: number, now: Date, limit: number) {
  return db
    .selectFrom('voter_send_recipients')
    .select(['send_id', 'voter_id', 'mobile', 'text', 'parts', 'attempts', 'language', 'params'])
    .where('send_id', '=', sendId)
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now.toISOString())]))
    .orderBy('voter_id')
    .limit(limit)
    .execute();
}

export async function queuedCount(db: Executor, sendId: number): Promise<number> {
  const row = await db.selectFrom('voter_send_recipients').select((eb) => eb.fn.countAll<number>().as('count')).where('send_id', '=', sendId).where('status', '=', 'queued').executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordRecipient(
  db: Executor,
  key: { send_id: number; voter_id: number },
  result: { status: string; attempts: number; error: string | null; providerId: string | null; nextAttemptAt: Date | null; sentAt: Date | null },
): Promise<void> {
  await db
    .updateTable('voter_send_recipients')
    .set({ status: result.status, attempts: result.attempts, error: result.error, provider_id: result.providerId, next_attempt_at: result.nextAttemptAt?.toISOString() ?? null, sent_at: result.sentAt?.toISOString() ?? null })
    .where('send_id', '=', key.send_id)
    .where('voter_id', '=', key.voter_id)
    .execute();
}

export async function skipRecipients(db: Executor, sendId: number, voterIds: number[], reason: string): Promise<void> {
  if (voterIds.length === 0) return;
  await db.updateTable('voter_send_recipients').set({ status: 'skipped', error: reason }).where('send_id', '=', sendId).where('voter_id', 'in', voterIds).execute();
}

// A gateway's delivery report for the message it gave this id (issue 60). Only a message sent
// takes one; a later report replaces an earlier (a gateway may report "failed" then retry and
// deliver). Answers how many messages matched (0: not one of ours).
export async function recordDelivery(db: Executor, providerId: string, report: { status: string; error: string | null; at: Date }): Promise<number> {
  const result = await db
    .updateTable('voter_send_recipients')
    .set({ delivery_status: report.status, delivery_error: report.error, delivery_reported_at: report.at.toISOString() })
    .where('provider_id', '=', providerId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
