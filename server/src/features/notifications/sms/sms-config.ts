import { createFast2SmsGateway } from './fast2sms-gateway';
import { createLogGateway } from './log-gateway';
import type { SmsGateway } from './sms-gateway';
import { createTwilioGateway } from './twilio-gateway';

// SMS_GATEWAY chooses the provider (README, "Configure"): log (default), fast2sms, twilio.
export function createSmsGatewayFromEnv(env: NodeJS.ProcessEnv, log: (line: string) => void): SmsGateway {
  const name = env.SMS_GATEWAY || 'log';
  const need = (key: string): string => {
    const value = env[key];
    if (!value) throw new Error(`SMS_GATEWAY=${name} needs ${key}`);
    return value;
  };
  switch (name) {
    case 'log':
      return createLogGateway(log);
    case 'fast2sms':
      return createFast2SmsGateway({
        apiKey: need('FAST2SMS_API_KEY'),
        url: env.FAST2SMS_URL || 'https://www.fast2sms.com/dev/bulkV2',
        route: env.FAST2SMS_ROUTE || 'q',
        senderId: env.FAST2SMS_SENDER_ID || undefined,
      });
    case 'twilio':
      return createTwilioGateway({
        accountSid: need('TWILIO_ACCOUNT_SID'),
        authToken: need('TWILIO_AUTH_TOKEN'),
        from: need('TWILIO_FROM'),
        apiUrl: env.TWILIO_API_URL || 'https://api.twilio.com',
      });
    default:
      throw new Error(`SMS_GATEWAY must be log, fast2sms or twilio, got "${name}"`);
  }
}
