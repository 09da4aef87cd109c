import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFast2SmsGateway } from '../../src/features/notifications/sms/fast2sms-gateway';
import { SmsSendError } from '../../src/features/notifications/sms/sms-gateway';
import { createTwilioGateway } from '../../src/features/notifications/sms/twilio-gateway';
import { type FakeSmsServer, startFakeSmsServer } from '../support/fake-sms-server';

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

async function sendError(promise: Promise<unknown>): Promise<SmsSendError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SmsSendError) return error;
    throw error;
  }
  throw new Error('expected the send to fail');
}

describe('Fast2SMS gateway', () => {
  const gateway = () => createFast2SmsGateway({ apiKey: 'key-123', url: `${fake.url}/dev/bulkV2`, route: 'q' });

  it('should post the message with the API key header and return the request id', async () => {
    fake.script([{ status: 200, body: { return: true, request_id: 'req-42', message: ['SMS sent successfully.'] } }]);
    await expect(gateway().send({ to: '9876543210', text: 'Meeting at 5' })).resolves.toEqual({ providerId: 'req-42' });
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/dev/bulkV2');
    expect(request?.headers.authorization).toBe('key-123');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ route: 'q', message: 'Meeting at 5', numbers: '9876543210', language: 'english' });
  });

  it('should send Devanagari text as unicode', async () => {
    fake.script([{ status: 200, body: { return: true, request_id: 'req-43' } }]);
    await gateway().send({ to: '9876543210', text: 'नमस्कार' });
    expect(JSON.parse(fake.requests[0]?.body ?? '{}').language).toBe('unicode');
  });

  it('should report a rejected key as a final failure with the gateway message', async () => {
    fake.script([{ status: 401, body: { return: false, status_code: 412, message: 'Invalid Authentication, Check Authorization Key' } }]);
    const error = await sendError(gateway().send({ to: '9876543210', text: 'x' }));
    expect(error.message).toBe('Fast2SMS: Invalid Authentication, Check Authorization Key');
    expect(error.retryable).toBe(false);
  });

  it('should report a server error or an unreachable gateway as retryable', async () => {
    fake.script([{ status: 503, body: { return: false, message: 'Service busy' } }]);
    expect((await sendError(gateway().send({ to: '9876543210', text: 'x' }))).retryable).toBe(true);
    const unreachable = createFast2SmsGateway({ apiKey: 'k', url: 'http://127.0.0.1:9/dev/bulkV2', route: 'q' });
    const error = await sendError(unreachable.send({ to: '9876543210', text: 'x' }));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^Could not reach the SMS gateway/);
  });
});

describe('Twilio gateway', () => {
  const gateway = () => createTwilioGateway({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl: fake.url });

  it('should post a form with basic auth to the account Messages resource and return the sid', async () => {
    fake.script([{ status: 201, body: { sid: 'SM999', status: 'queued' } }]);
    await expect(gateway().send({ to: '9876543210', text: 'Hello' })).resolves.toEqual({ providerId: 'SM999' });
    const [request] = fake.requests;
    expect(request?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ To: '+919876543210', From: '+15005550006', Body: 'Hello' });
  });

  it('should report an invalid number as final and a rate limit as retryable', async () => {
    fake.script([{ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } }]);
    const invalid = await sendError(gateway().send({ to: '0000000000', text: 'x' }));
    expect(invalid.message).toBe("Twilio: The 'To' number is not a valid phone number. (code 21211)");
    expect(invalid.retryable).toBe(false);
    fake.script([{ status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } }]);
    expect((await sendError(gateway().send({ to: '9876543210', text: 'x' }))).retryable).toBe(true);
  });
});
