import { TEMPLATE_PLACEHOLDERS } from '@shared/voter-messages/voter-send-schema';
import { isRetryableStatus, postOrThrow, SmsSendError } from '../../notifications/sms/sms-gateway';

// WhatsApp Business Cloud API (issue 60): a business may open a conversation only with a
// template Meta has approved, named and in a language, its variables {{1}}, {{2}}, ... filled in
// order. POST {apiUrl}/{phoneNumberId}/messages with a Bearer token; success is 200 with
// `{ messages: [{ id }] }` (the id a status webhook names later), failure
// `{ error: { message, type, code, error_data } }`.
export interface WhatsAppTemplateMessage {
  // A 10-digit Indian mobile, as the voter record keeps it.
  to: string;
  // The approved template's name and language code (mr, hi, gu, en).
  template: string;
  language: string;
  // The body's variables, {{1}} first.
  parameters: readonly string[];
}

export interface WhatsAppGateway {
  readonly name: string;
  send(message: WhatsAppTemplateMessage): Promise<{ providerId: string | null }>;
}

export interface WhatsAppCloudOptions {
  accessToken: string;
  phoneNumberId: string;
  // https://graph.facebook.com/v21.0, or a local fake in tests.
  apiUrl: string;
  timeoutMs?: number;
}

// A failure the send can retry (WhatsApp's throughput and pair limits, its temporary errors) or
// not (a template that does not exist, a number not on WhatsApp, an expired token). The
// dispatcher reads `retryable` as it does for SMS.
export class WhatsAppSendError extends SmsSendError {}

// Meta's codes worth trying again later: API throttling (4, 80007), Cloud API throughput
// (130429), spam and pair rate limits (131048, 131056), temporary and unknown errors (1, 2,
// 131000, 131016, 133004).
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

// Our placeholders in the order the text uses them: WhatsApp's {{1}}, {{2}}, ... in that order.
export function whatsappParameters(text: string, values: Readonly<Record<'name' | 'booth' | 'polling_station' | 'date', string>>): string[] {
  const names = TEMPLATE_PLACEHOLDERS.map((placeholder) => placeholder.slice(1, -1)).join('|');
  return [...text.matchAll(new RegExp(`\\{(${names})\\}`, 'g'))].map((match) => values[match[1] as keyof typeof values]);
}

export function createWhatsAppCloudGateway(options: WhatsAppCloudOptions): WhatsAppGateway {
  const url = `${options.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp-cloud',
    async send(message) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        // International form without "+": India's 91 and the ten digits.
        to: `91${message.to}`,
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.language },
          ...(message.parameters.length > 0 ? { components: [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }] } : {}),
        },
      };
      let response: Response;
      try {
        response = await postOrThrow(url, { method: 'POST', headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }, options.timeoutMs ?? 10_000);
      } catch (error) {
        throw new WhatsAppSendError((error as Error).message.replace('SMS gateway', 'WhatsApp Cloud API'), true);
      }
      let answer: { messages?: { id?: string }[]; error?: { message?: string; code?: number; error_data?: { details?: string } } } = {};
      try {
        answer = (await response.json()) as typeof answer;
      } catch {
        // Judged by the HTTP status below.
      }
      const id = answer.messages?.[0]?.id;
      if (response.ok && id) return { providerId: id };
      const code = answer.error?.code;
      const detail = answer.error?.error_data?.details;
      const text = `WhatsApp: ${answer.error?.message ?? `HTTP ${response.status}`}${code !== undefined ? ` (code ${code})` : ''}${detail ? `: ${detail}` : ''}`;
      throw new WhatsAppSendError(text, code !== undefined ? RETRYABLE_CODES.has(code) : isRetryableStatus(response.status));
    },
  };
}

// WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID turn WhatsApp on (README, "Configure");
// without them there is no WhatsApp gateway. WHATSAPP_API_URL points elsewhere (a test fake).
export function createWhatsAppGatewayFromEnv(env: NodeJS.ProcessEnv): WhatsAppGateway | undefined {
  const token = env.WHATSAPP_ACCESS_TOKEN;
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID;
  if (!token && !phoneNumberId) return undefined;
  if (!token || !phoneNumberId) throw new Error('WhatsApp needs both WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
  return createWhatsAppCloudGateway({ accessToken: token, phoneNumberId, apiUrl: env.WHATSAPP_API_URL || 'https://graph.facebook.com/v21.0' });
}
