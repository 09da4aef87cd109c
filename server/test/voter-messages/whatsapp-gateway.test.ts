import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWhatsAppCloudGateway, createWhatsAppGatewayFromEnv, WhatsAppSendError, whatsappParameters } from '../../src/features/voter-messages/whatsapp/whatsapp-cloud-gateway';
import { type FakeSmsServer, startFakeSmsServer } from '../support/fake-sms-server';

// Issue 60: the WhatsApp Business Cloud API adapter (template messages) against a local fake
// that answers as Meta's Graph API does.
let fake: FakeSmsServer;
beforeAll(async () => {
  fake = await startFakeSmsServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const gateway = () => createWhatsAppCloudGateway({ accessToken: 'EAAG-token', phoneNumberId: '1098765432', apiUrl: `${fake.url}/v21.0` });
const message = { to: '9876543210', template: 'meeting_reminder', language: 'mr', parameters: ['रमेश पाटील', '12 डिसेंबर', 'जि.प. शाळा'] };
const ACCEPTED = { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '919876543210', wa_id: '919876543210' }], messages: [{ id: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJD' }] } };

async function sendError(promise: Promise<unknown>): Promise<WhatsAppSendError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WhatsAppSendError) return error;
    throw error;
  }
  throw new Error('expected the send to fail');
}
const metaError = (status: number, code: number, text: string, details?: string) => ({ status, body: { error: { message: text, type: 'OAuthException', code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam' } } });

describe('WhatsApp Cloud API gateway', () => {
  it('should post the template with its language and body variables, with the Bearer token, and return the message id', async () => {
    fake.script([ACCEPTED]);
    await expect(gateway().send(message)).resolves.toEqual({ providerId: 'wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUJD' });
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v21.0/1098765432/messages');
    expect(request?.headers.authorization).toBe('Bearer EAAG-token');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'meeting_reminder',
        language: { code: 'mr' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'रमेश पाटील' }, { type: 'text', text: '12 डिसेंबर' }, { type: 'text', text: 'जि.प. शाळा' }] }],
      },
    });
  });

  it('should send a template without variables without components', async () => {
    fake.script([ACCEPTED]);
    await gateway().send({ ...message, parameters: [] });
    expect(JSON.parse(fake.requests[0]?.body ?? '{}').template).toEqual({ name: 'meeting_reminder', language: { code: 'mr' } });
  });

  it('should give up on a template that does not exist, a number not on WhatsApp or an expired token, with the reason', async () => {
    fake.script([metaError(404, 132001, '(#132001) Template name does not exist in the translation', 'template name (meeting_reminder) does not exist in mr')]);
    const missing = await sendError(gateway().send(message));
    expect(missing.retryable).toBe(false);
    expect(missing.message).toBe('WhatsApp: (#132001) Template name does not exist in the translation (code 132001): template name (meeting_reminder) does not exist in mr');
    fake.script([metaError(400, 131026, 'Message undeliverable')]);
    expect((await sendError(gateway().send(message))).retryable).toBe(false);
    fake.script([metaError(401, 190, 'Error validating access token: Session has expired')]);
    const expired = await sendError(gateway().send(message));
    expect(expired.retryable).toBe(false);
    expect(expired.message).toMatch(/access token.*\(code 190\)$/);
  });

  it("should retry WhatsApp's rate limits, server errors and an unreachable API", async () => {
    for (const answer of [metaError(400, 131056, '(Business Account, Consumer Account) pair rate limit hit'), metaError(400, 130429, 'Rate limit hit'), metaError(503, 133004, 'Server temporarily unavailable'), { status: 500, body: 'oops' }, { status: 429, body: {} }]) {
      fake.script([answer]);
      expect((await sendError(gateway().send(message))).retryable, JSON.stringify(answer)).toBe(true);
    }
    const unreachable = createWhatsAppCloudGateway({ accessToken: 't', phoneNumberId: '1', apiUrl: 'http://127.0.0.1:9/v21.0' });
    const error = await sendError(unreachable.send(message));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^Could not reach the WhatsApp Cloud API/);
  });

  it('should refuse an answer without a message id as a failure', async () => {
    fake.script([{ status: 200, body: { messaging_product: 'whatsapp' } }]);
    const error = await sendError(gateway().send(message));
    expect(error.message).toBe('WhatsApp: HTTP 200');
  });
});

describe('whatsappParameters', () => {
  it("should list the values in the order the text uses our placeholders, repeats included", () => {
    const values = { name: 'Sita', booth: 'Booth-21', polling_station: 'ZP School', date: '12 Dec' };
    expect(whatsappParameters('Dear {name}, meeting on {date} at {polling_station}. {name}, do come!', values)).toEqual(['Sita', '12 Dec', 'ZP School', 'Sita']);
    expect(whatsappParameters('No variables here {unknown}', values)).toEqual([]);
  });
});

describe('createWhatsAppGatewayFromEnv', () => {
  it('should be off without settings, refuse half of them, and send to WHATSAPP_API_URL with both', async () => {
    expect(createWhatsAppGatewayFromEnv({})).toBeUndefined();
    expect(() => createWhatsAppGatewayFromEnv({ WHATSAPP_ACCESS_TOKEN: 't' })).toThrow('WhatsApp needs both WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
    const configured = createWhatsAppGatewayFromEnv({ WHATSAPP_ACCESS_TOKEN: 'env-token', WHATSAPP_PHONE_NUMBER_ID: '42', WHATSAPP_API_URL: `${fake.url}/v21.0/` });
    fake.script([ACCEPTED]);
    await configured?.send(message);
    expect(fake.requests[0]?.url).toBe('/v21.0/42/messages');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer env-token');
  });
});
