import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { zonedDay } from '@shared/time/zoned-time';
import {
  GREETINGS_SHOWN,
  type GreetingsToday,
  type Occasion,
  renderTemplate,
  VOTER_OPTED_OUT,
  type VoterTemplate,
  type whatsappGreetingSchema,
} from '@shared/voter-messages/voter-send-schema';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/http-error';
import type { StaffActor } from '../audit/actor';
import { recordAudit } from '../audit/audit-repository';
import { readSettings } from '../settings/settings-repository';
import { findVoterConsent } from './consent-repository';
import { type AudienceVoter, audienceVoters, findTemplate } from './voter-sends-repository';
import { audienceDay, TEMPLATE_NOT_FOUND, templateLanguage, voterLanguage } from './voter-sends-use-cases';

const VOTER_NOT_FOUND = 'Voter not found';

// Today's birthdays and anniversaries in the office calendar (issue 60), each voter with the
// chosen template's greeting in their language. The day's SMS to all of them is a send with the
// birthdays or anniversaries filter (createSend); this list is for one-tap WhatsApp greetings.
export async function greetingsToday(db: Kysely<Database>, templateId: number | undefined, now = new Date()): Promise<GreetingsToday> {
  const settings = await readSettings(db);
  const template = templateId === undefined ? null : ((await findTemplate(db, templateId)) ?? null);
  if (templateId !== undefined && !template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  const today = zonedDay(now, settings.timezone);
  const list = async (occasion: Occasion) => {
    const voters = await audienceVoters(db, occasion === 'birthday' ? { birthdays_today: true } : { anniversaries_today: true }, audienceDay(settings, today));
    return { total: voters.length, voters: voters.slice(0, GREETINGS_SHOWN).map((voter) => greeting(voter, template, settings.language)) };
  };
  return { date: today, birthday: await list('birthday'), anniversary: await list('anniversary') };
}

function greeting(voter: AudienceVoter, template: VoterTemplate | null, office: Parameters<typeof templateLanguage>[1]) {
  let text: string | null = null;
  if (template) {
    const language = voterLanguage(template.texts, voter, templateLanguage(template.texts, office));
    text = renderTemplate(template.texts[language] ?? '', { name: voter.full_name, booth: voter.booth ?? '', polling_station: voter.polling_station ?? voter.booth ?? '', date: '' });
  }
  return { id: voter.id, full_name: voter.full_name, booth: voter.booth, whatsapp: voter.whatsapp, opted_out: voter.opted_out, text };
}

// A one-tap WhatsApp greeting leaves the phone, not the server: the tap is recorded here first
// (every send leaves an audit row) and refused for a voter who opted out.
export async function recordWhatsappGreeting(db: Kysely<Database>, actor: StaffActor, input: z.output<typeof whatsappGreetingSchema>): Promise<void> {
  const template = await findTemplate(db, input.template_id);
  if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND);
  const voter = await findVoterConsent(db, input.voter_id);
  if (!voter) throw new HttpError(404, VOTER_NOT_FOUND);
  // Their own answer or their number's STOP, as a send checks.
  if (voter.state === 'opted_out' || voter.number_opted_out) throw new HttpError(409, VOTER_OPTED_OUT);
  await recordAudit(db, {
    action: 'SEND_WHATSAPP_GREETING',
    ...actor,
    tableName: 'voters',
    recordId: voter.voter_id,
    recordName: voter.full_name,
    details: { occasion: input.occasion, template: template.name, channel: 'whatsapp click-to-chat' },
  });
}
