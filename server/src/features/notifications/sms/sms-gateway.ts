// One interface for every SMS provider. A gateway either returns the provider's message
// id or throws SmsSendError saying whether trying again later may help.
export interface SmsMessage {
  // A 10-digit Indian mobile number, as stored on the user.
  to: string;
  text: string;
  // A commercial SMS to a voter (issue 60) carries its DLT registration: the template's id, the
  // principal entity's id and the 6-letter sender id (header). Staff messages carry none.
  dlt?: { templateId: string; entityId: string; senderId: string };
}

export interface SmsGateway {
  readonly name: string;
  send(message: SmsMessage): Promise<{ providerId: string | null }>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

// Network failures, rate limits and server errors are worth retrying; a rejected
// number or a bad API key is not.
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export async function postOrThrow(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new SmsSendError(`Could not reach the SMS gateway: ${(error as Error).message}`, true);
  }
}
