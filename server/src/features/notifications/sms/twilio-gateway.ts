import { isRetryableStatus, postOrThrow, SmsSendError, type SmsGateway, type SmsMessage } from './sms-gateway';

// Twilio Messages API: POST form-encoded To/From/Body to
// /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic auth. Success is 201
// with `{ sid, status }`; failures carry `{ code, message }`.
export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
  timeoutMs?: number;
}

export function createTwilioGateway(options: TwilioOptions): SmsGateway {
  const url = `${options.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    name: 'twilio',
    async send(message: SmsMessage) {
      const response = await postOrThrow(
        url,
        {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: `+91${message.to}`, From: options.from, Body: message.text }).toString(),
        },
        options.timeoutMs ?? 10_000,
      );
      let answer: { sid?: string; code?: number; message?: string } = {};
      try {
        answer = (await response.json()) as typeof answer;
      } catch {
        // Judged by the HTTP status below.
      }
      if (response.ok && answer.sid) return { providerId: answer.sid };
      const code = answer.code ? ` (code ${answer.code})` : '';
      throw new SmsSendError(`Twilio: ${answer.message ?? `HTTP ${response.status}`}${code}`, isRetryableStatus(response.status));
    },
  };
}
