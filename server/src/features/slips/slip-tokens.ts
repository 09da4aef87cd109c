import { createHmac, timingSafeEqual } from 'node:crypto';
import { readSlipToken, SLIP_MAC_BYTES, slipTokenBody, writeSlipToken } from '@shared/slips/slip-token';

// Signing and checking the tokens of slips' QR codes (issue 61, decision 085). The key is derived
// from the app's one secret (JWT_SECRET, or the one kept beside the data), as the device cookie's
// is: every server process and node has it, and it survives restarts. Changing that secret
// makes every printed slip's code invalid (reprint them), as it signs everyone out.

const keys = new Map<string, Buffer>();

export function slipTokenKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('voter-slip-token').digest();
    keys.set(secret, key);
  }
  return key;
}

function macOf(key: Buffer, body: Uint8Array): Buffer {
  return createHmac('sha256', key).update('V1').update(body).digest().subarray(0, SLIP_MAC_BYTES);
}

// The token printed on a voter's slip for this generation of their slip.
export function signSlipToken(key: Buffer, voterId: number, generation: number): string {
  const body = slipTokenBody(voterId, generation);
  return writeSlipToken(body, macOf(key, body));
}

// The voter and generation of a genuine token; null for anything else (not a token, or one this
// server did not sign: tampered, or signed under another secret).
export function verifySlipToken(key: Buffer, text: string): { voterId: number; generation: number } | null {
  const parts = readSlipToken(text);
  if (!parts) return null;
  const expected = macOf(key, parts.body);
  if (!timingSafeEqual(expected, Buffer.from(parts.mac))) return null;
  return { voterId: parts.voterId, generation: parts.generation };
}
