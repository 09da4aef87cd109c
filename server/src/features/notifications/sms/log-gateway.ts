import { randomUUID } from 'node:crypto';
import type { SmsGateway, SmsMessage } from './sms-gateway';

// The default: records the SMS in the server log and reports it sent, so the embedded
// setup needs no provider account.
export function createLogGateway(log: (line: string) => void): SmsGateway {
  return {
    name: 'log',
    async send(message: SmsMessage) {
      log(`SMS to ${message.to.slice(0, 2)}******${message.to.slice(-2)}${message.dlt ? ` (DLT template ${message.dlt.templateId})` : ''}: ${message.text}`);
      return { providerId: `log-${randomUUID()}` };
    },
  };
}
