import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Language } from '@shared/i18n/languages';
import { LANGUAGES } from '@shared/settings/public-settings';
import { inSilencePeriod } from '@shared/poll/poll-window';
import { formatRupees, smsCostPaise } from '@shared/sms/sms-length';
import { zonedDay, zonedTimestamp, startOfZonedDay } from '@shared/time/zoned-time';
import { promotionalHeldUntil } from '@shared/voter-messages/quiet-hours';
import {
  partsOf,
  renderTemplate,
  type TemplateTexts,
  type VoterSend,
  type VoterSendPreview,
  type voterSendInputSchema,
  type VoterTemplate,
  type voterTemplateInputSchema,
} from '@shared/voter-messages/voter-send-schema';
import { NO_WHATSAPP_TEMPLATE, WHATSAPP_NOT_SET_UP } from '@shared/voter-messages/voter-send-schema';
import { whatsappParameters } from './whatsapp/whatsapp-cloud-gateway';
import type { Database } from '../../db/schema';
import { EditConflictError, HttpError } from '../../plugins/http-error';
import { assertVersion, retryWhenStale, StaleRowError } from '../../lib/record-versions';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { silenceRefusal } from '../notifications/notifications-use-cases';
import {
  type AudienceDay,
  type AudienceVoter,
  audienceVoters,
  cancelQueuedRecipients,
  findSend,
  findTemplate,
  insertSend,
  insertTemplate,
  listSends,
  listTemplates,
  type NewRecipient,
  spentSince,
  updateSend,
  updateTemplate,
} from './voter-sends-repository';

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const TEMPLATE_CHANGED = 'Someone else changed this template first. Reload and try again.';
export const SEND_NOT_FOUND = 'Send not found';
export const SEND_CHANGED = 'Someone else changed this send first. Reload and try again.';
export const NO_RECIPIENTS = 'No voter in this selection can be sent a message';
export const NOT_AWAITING_APPROVAL = 'This send is not waiting for approval';
export const SEND_FINISHED = 'This send has already finished';
export const budgetReached = (budget: string) => `The daily budget of ${budget} is reached: the rest of this send was not sent.`;

type TemplateInput = z.output<typeof voterTemplateInputSchema>;
type SendInput = z.output<typeof voterSendInputSchema>;

// The WhatsApp channel where the server is set up for it (WHATSAPP_* in the README): the price
// of one template message, in paise; null: SMS only.
export type WhatsAppChannel = { pricePaise: number } | null;

// Templates ------------------------------------------------------------------------------------

export const templates = (db: Kysely<Database>) => listTemplates(db);

export async function createTemplate(db: Kysely<Database>, actor: StaffActor, input: TemplateInput): Promise<VoterTemplate> {
  return db.transaction().execute(async (trx) => {
    const id = await insertTemplate(trx, input, new Date());
    await recordAudit(trx, { action: 'CREATE_VOTER_TEMPLATE', ...actor, tableName: 'voter_message_templates', recordId: id, recordName: input.name, details: { category: input.category, dlt_template_id: input.dlt_template_id } });
    return (await findTemplate(trx, id)) as VoterTemplate;
  });
}

export async function changeTemplate(db: Kysely<Database>, actor: StaffActor, id: number, input: TemplateInput): Promise<VoterTemplate> {
  return retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const current = await findTemplate(trx, id);
      if (!current) throw new HttpError(404, TEMPLATE_NOT_FOUND);
      assertVersion(input.version, current.version, () => new EditConflictError(TEMPLATE_CHANGED, current));
      if (!(await updateTemplate(trx, id, current.version, input, new Date()))) throw new StaleRowError();
      await recordAudit(trx, { action: 'UPDATE_VOTER_TEMPLATE', ...actor, tableName: 'voter_message_templates', recordId: id, recordName: input.name, details: { version: current.version + 1 } });
      return (await findTemplate(trx, id)) as VoterTemplate;
    }),
  );
}

// The audience and its messages ------------------------------------------------------------------

// What the audience's lists depend on today: the office calendar's day, the roll's page size and
// the election the chase list belongs to (its poll date, as poll day names it).
export function audienceDay(settings: { page_size: string | number; poll_date: string }, today: string): AudienceDay {
  return { todayMonthDay: today.slice(5), pageSize: Number(settings.page_size), election: settings.poll_date === '' ? null : settings.poll_date };
}

// The office's language for a template (Settings), else English, else the first language the
// template has a text in.
export function templateLanguage(texts: Record<string, string>, office: Language): Language {
  if (texts[office]) return office;
  if (texts.en) return 'en';
  return (Object.keys(texts).find((language) => texts[language]) ?? 'en') as Language;
}

// A voter's text is in their own message language where the voter record has one and the
// template has a text in it (issue 60), else in the office's.
export function voterLanguage(texts: Record<string, string>, voter: Pick<AudienceVoter, 'message_language'>, office: Language): Language {
  const own = voter.message_language;
  return own && (LANGUAGES as readonly string[]).includes(own) && texts[own] ? (own as Language) : office;
}

interface Plan {
  template: VoterTemplate;
  language: Language;
  byLanguage: { language: Language; recipients: number }[];
  matched: number;
  noMobile: number;
  optedOut: number;
  messages: NewRecipient[];
  parts: number;
  pricePaise: number;
  budgetPaise: number;
  spentTodayPaise: number;
  needsApproval: boolean;
  heldUntil: Date | null;
  sample: string;
}

async function plan(db: Kysely<Database>, input: SendInput, now: Date, whatsapp: WhatsAppChannel): Promise<Plan> {
  const settings = await readSettings(db);
  const template = await findTemplate(db, input.template_id);
  if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  const byWhatsapp = input.channel === 'whatsapp';
  if (byWhatsapp && !whatsapp) throw new HttpError(400, WHATSAPP_NOT_SET_UP);
  if (byWhatsapp && !template.whatsapp_template) throw new HttpError(400, NO_WHATSAPP_TEMPLATE);
  // WhatsApp goes to the voter's WhatsApp number where the record has one, else the mobile.
  const numberOf = (voter: AudienceVoter) => (byWhatsapp ? voter.whatsapp : voter.mobile);
  const language = templateLanguage(template.texts, settings.language);
  const text = template.texts[language] ?? '';
  const counts = new Map<Language, number>();
  const today = zonedDay(now, settings.timezone);
  const voters: AudienceVoter[] = await audienceVoters(db, input.audience, audienceDay(settings, today));
  const noMobile = voters.filter((voter) => numberOf(voter) === null).length;
  const optedOut = voters.filter((voter) => numberOf(voter) !== null && voter.opted_out).length;
  const messages: NewRecipient[] = [];
  const reachable = voters.filter((voter) => numberOf(voter) !== null && !voter.opted_out);
  for (const voter of reachable) {
    // Rendering and counting 50,000 texts takes a while: other requests get turns.
    if (messages.length % 2000 === 1999) await new Promise<void>((resolve) => setImmediate(resolve));
    const own = voterLanguage(template.texts, voter, language);
    counts.set(own, (counts.get(own) ?? 0) + 1);
    const values = { name: voter.full_name, booth: voter.booth ?? '', polling_station: voter.polling_station ?? voter.booth ?? '', date: input.date_text };
    const rendered = renderTemplate(template.texts[own] ?? text, values);
    // A WhatsApp template message is one message whatever its length; it carries its values.
    messages.push(
      byWhatsapp
        ? { voter_id: voter.id, mobile: numberOf(voter) as string, text: rendered, parts: 1, language: own, params: JSON.stringify(whatsappParameters(template.texts[own] ?? text, values)) }
        : { voter_id: voter.id, mobile: numberOf(voter) as string, text: rendered, parts: partsOf(rendered) },
    );
  }
  const parts = messages.reduce((sum, message) => sum + message.parts, 0);
  return {
    template,
    language,
    byLanguage: LANGUAGES.filter((code) => counts.has(code)).map((code) => ({ language: code, recipients: counts.get(code) ?? 0 })),
    matched: voters.length,
    noMobile,
    optedOut,
    messages,
    parts,
    pricePaise: byWhatsapp && whatsapp ? whatsapp.pricePaise : Number(settings.sms_price_paise),
    budgetPaise: Number(settings.voter_sms_daily_budget) * 100,
    spentTodayPaise: await spentSince(db, startOfZonedDay(today, settings.timezone)),
    needsApproval: messages.length > Number(settings.voter_sms_approval_threshold),
    heldUntil: template.category === 'promotional' ? promotionalHeldUntil(now, settings.timezone) : null,
    sample: messages[0]?.text ?? renderTemplate(text, { name: '…', booth: '…', polling_station: '…', date: input.date_text }),
  };
}

export async function previewSend(db: Kysely<Database>, input: SendInput, whatsapp: WhatsAppChannel): Promise<VoterSendPreview> {
  const planned = await plan(db, input, new Date(), whatsapp);
  return {
    channel: input.channel,
    matched: planned.matched,
    recipients: planned.messages.length,
    left_out: { no_mobile: planned.noMobile, opted_out: planned.optedOut },
    parts: planned.parts,
    estimated_cost_paise: smsCostPaise(planned.parts, planned.pricePaise),
    budget_left_paise: Math.max(0, planned.budgetPaise - planned.spentTodayPaise),
    needs_approval: planned.needsApproval,
    held_until: planned.heldUntil?.toISOString() ?? null,
    sample: planned.sample,
    language: planned.language,
    by_language: planned.byLanguage,
  };
}

// Queues the send: one row per voter with their text, in one transaction with its audit row.
// Above the approval threshold it waits for a Super Admin (a Super Admin's own send is approved
// by asking); a promotional send asked for at night waits for 09:00. Refused in the silence
// period before the poll, as staff SMS are (issue 22).
export async function createSend(db: Kysely<Database>, actor: StaffActor, input: SendInput, whatsapp: WhatsAppChannel): Promise<VoterSend> {
  const now = new Date();
  const settings = await readSettings(db);
  const silence = inSilencePeriod(settings, now);
  if (silence) throw new HttpError(423, silenceRefusal(zonedTimestamp(silence.closes, settings.timezone).slice(0, 16).replace('T', ' ')));
  const planned = await plan(db, input, now, whatsapp);
  if (planned.messages.length === 0) throw new HttpError(400, NO_RECIPIENTS);
  const waits = planned.needsApproval && actor.role !== 'Super Admin';
  const id = await db.transaction().execute(async (trx) => {
    const sendId = await insertSend(
      trx,
      {
        template_id: planned.template.id,
        template_name: planned.template.name,
        category: planned.template.category,
        dlt_template_id: planned.template.dlt_template_id,
        audience: JSON.stringify({ ...input.audience, date_text: input.date_text, language: planned.language }),
        status: waits ? 'awaiting_approval' : 'sending',
        total: planned.messages.length,
        no_mobile: planned.noMobile,
        opted_out: planned.optedOut,
        parts: planned.parts,
        price_paise: planned.pricePaise,
        not_before: planned.heldUntil?.toISOString() ?? null,
        created_by: actor.userId,
        created_by_name: actor.userName,
        approved_by: waits || !planned.needsApproval ? null : actor.userId,
        approved_by_name: waits || !planned.needsApproval ? null : actor.userName,
        approved_at: waits || !planned.needsApproval ? null : now.toISOString(),
        created_at: now.toISOString(),
        channel: input.channel,
        whatsapp_template: input.channel === 'whatsapp' ? planned.template.whatsapp_template : null,
      },
      planned.messages,
    );
    await recordAudit(trx, {
      action: 'SEND_VOTER_MESSAGES',
      ...actor,
      tableName: 'voter_sends',
      recordId: sendId,
      recordName: planned.template.name,
      details: {
        audience: input.audience,
        matched: planned.matched,
        recipients: planned.messages.length,
        left_out_no_mobile: planned.noMobile,
        left_out_opted_out: planned.optedOut,
        parts: planned.parts,
        estimated_cost_paise: smsCostPaise(planned.parts, planned.pricePaise),
        language: planned.language,
        by_language: Object.fromEntries(planned.byLanguage.map((entry) => [entry.language, entry.recipients])),
        dlt_template_id: planned.template.dlt_template_id,
        channel: input.channel,
        ...(input.channel === 'whatsapp' ? { whatsapp_template: planned.template.whatsapp_template } : {}),
        status: waits ? 'awaiting_approval' : 'sending',
        ...(planned.heldUntil ? { held_until: planned.heldUntil.toISOString() } : {}),
      },
    });
    return sendId;
  });
  return publicSend((await findSend(db, id)) as VoterSend);
}

const publicSend = ({ created_by: _by, ...send }: VoterSend & { created_by?: number | null }): VoterSend => send;

export const sends = (db: Kysely<Database>) => listSends(db, 50);

export async function oneSend(db: Kysely<Database>, id: number): Promise<VoterSend> {
  const send = await findSend(db, id);
  if (!send) throw new HttpError(404, SEND_NOT_FOUND);
  return publicSend(send);
}

export async function approveSend(db: Kysely<Database>, actor: StaffActor, id: number, version: number | undefined): Promise<VoterSend> {
  return retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const send = await findSend(trx, id);
      if (!send) throw new HttpError(404, SEND_NOT_FOUND);
      assertVersion(version, send.version, () => new EditConflictError(SEND_CHANGED, publicSend(send)));
      if (send.status !== 'awaiting_approval') throw new HttpError(409, NOT_AWAITING_APPROVAL);
      const now = new Date();
      if (!(await updateSend(trx, id, send.version, { status: 'sending', approved_by: actor.userId, approved_by_name: actor.userName, approved_at: now.toISOString() }))) throw new StaleRowError();
      await recordAudit(trx, { action: 'APPROVE_VOTER_MESSAGES', ...actor, tableName: 'voter_sends', recordId: id, recordName: send.template_name, details: { recipients: send.total, parts: send.parts, estimated_cost_paise: send.estimated_cost_paise, asked_by: send.created_by_name } });
      return publicSend((await findSend(trx, id)) as VoterSend);
    }),
  );
}

export async function cancelSend(db: Kysely<Database>, actor: StaffActor, id: number, version: number | undefined): Promise<VoterSend> {
  return retryWhenStale(() =>
    db.transaction().execute(async (trx) => {
      const send = await findSend(trx, id);
      if (!send) throw new HttpError(404, SEND_NOT_FOUND);
      assertVersion(version, send.version, () => new EditConflictError(SEND_CHANGED, publicSend(send)));
      if (send.status !== 'sending' && send.status !== 'awaiting_approval') throw new HttpError(409, SEND_FINISHED);
      const now = new Date();
      if (!(await updateSend(trx, id, send.version, { status: 'cancelled', finished_at: now.toISOString() }))) throw new StaleRowError();
      const cancelled = await cancelQueuedRecipients(trx, id, 'Cancelled');
      await recordAudit(trx, { action: 'CANCEL_VOTER_MESSAGES', ...actor, tableName: 'voter_sends', recordId: id, recordName: send.template_name, details: { sent: send.sent, cancelled, total: send.total } });
      return publicSend((await findSend(trx, id)) as VoterSend);
    }),
  );
}

export const formatBudget = (paise: number) => formatRupees(paise);
export type { TemplateTexts };
