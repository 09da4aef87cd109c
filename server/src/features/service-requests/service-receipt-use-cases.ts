import type { BoothScope } from '@shared/auth/booth-scope';
import type { ServiceReceipt } from '@shared/service-requests/service-attachment-schema';
import { receiptMessage, receiptWhatsAppHref } from '@shared/service-requests/service-receipt';
import { zonedDay } from '@shared/time/zoned-time';
import type { Executor } from '../../db/dialects/database-dialect';
import { readSettings } from '../settings/settings-repository';
import { citizenLanguage } from './service-sms-use-cases';
import { officeToday, visibleRequest } from './service-requests-use-cases';

// The citizen's receipt (issue 59, decision 077): whoever reads the request may print or send it.
// Its language is the linked voter's message language when recorded, else the office's.
export async function requestReceipt(db: Executor, scope: BoothScope, id: number): Promise<ServiceReceipt> {
  const request = await visibleRequest(db, scope, id, await officeToday(db));
  const settings = await readSettings(db);
  const language = await citizenLanguage(db, request.voter_id, settings);
  const facts = {
    receipt_no: request.receipt_no,
    registered_on: zonedDay(new Date(request.created_at), settings.timezone),
    category: request.category,
    status: request.status,
    office_name: settings.app_name,
  };
  const message = receiptMessage(facts, language);
  return { ...facts, citizen_name: request.citizen_name, citizen_mobile: request.citizen_mobile, language, message, whatsapp_href: receiptWhatsAppHref(request.citizen_mobile, message) };
}
