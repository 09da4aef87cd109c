import { isGsm7 } from '@shared/sms/sms-length';
import { isRetryableStatus, postOrThrow, SmsSendError, type SmsGateway, type SmsMessage } from './sms-gateway';

// Fast2SMS (an Indian SMS gateway), bulkV2 API: POST JSON with the API key in the
// `authorization` header. It answers `{ return: true, request_id }` on success and
// `{ return: false, status_code, message }` on failure.
export interface Fast2SmsOptions {
  apiKey: string;
  url: string;
  // "q" is the Quick SMS route (free text); DLT routes need registered templates.
  route: string;
  senderId?: string;
  timeoutMs?: number;
}

interface Fast2SmsAnswer {
  return?: boolean;
  request_id?: string;
  status_code?: number;
  message?: string | string[];
}

export function createFast2SmsGateway(options: Fast2SmsOptions): SmsGateway {
  return {
    name: 'fast2sms',
    async send(message: SmsMessage) {
      const response = await postOrThrow(
        options.url,
        {
          method: 'POST',
          headers: { authorization: options.apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(
            message.dlt
              ? // The DLT route: the registered template's id, the entity id and the header go with the filled-in text.
                { route: 'dlt_manual', sender_id: message.dlt.senderId, entity_id: message.dlt.entityId, template_id: message.dlt.templateId, message: message.text, numbers: message.to, flash: 0 }
              : { route: options.route, message: message.text, language: isGsm7(message.text) ? 'english' : 'unicode', numbers: message.to, ...(options.senderId ? { sender_id: options.senderId } : {}), flash: 0 },
          ),
        },
        options.timeoutMs ?? 10_000,
      );
      let answer: Fast2SmsAnswer = {};
      try {
        answer = (await response.json()) as Fast2SmsAnswer;
      } catch {
        // A proxy's HTML error page: judged by the HTTP status below.
      }
      if (response.ok && answer.return === true) return { providerId: answer.request_id ?? null };
      const text = Array.isArray(answer.message) ? answer.message.join(' ') : (answer.message ?? `HTTP ${response.status}`);
      const status = answer.status_code ?? response.status;
      throw new SmsSendError(`Fast2SMS: ${text}`, isRetryableStatus(response.status) || isRetryableStatus(status));
    },
  };
}
